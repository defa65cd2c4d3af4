"""The TypeScript client's packages (clients/typescript/install.sh: `npm ci`, pinned by its
package-lock.json) and a way to run its scripts."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TYPESCRIPT = ROOT / "clients" / "typescript"


def node_ready() -> None:
    """node on the PATH and the packages installed (once per change of the lock file)."""
    assert shutil.which("node"), "node 20 or later is needed (Debian's nodejs, or the image's)"
    subprocess.run([str(TYPESCRIPT / "install.sh")], check=True, timeout=600)


def run_in_typescript(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args), cwd=TYPESCRIPT, capture_output=True, text=True, timeout=timeout, check=False
    )
