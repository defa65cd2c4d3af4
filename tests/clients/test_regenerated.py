"""What is kept in clients/ is what the generators make from the schema now: the OpenAPI
document, the Python client (openapi-python-client, with no warning) and the TypeScript
types (openapi-typescript). A change of the API that is not carried into the clients (or a
client edited by hand) fails here; `clients/generate.sh` regenerates all three."""

from __future__ import annotations

import filecmp
import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.clients.node import TYPESCRIPT, node_ready, run_in_typescript

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = ROOT / "clients"
PYTHON_CLIENT = CLIENTS / "python" / "bourre-referee-client"

pytestmark = pytest.mark.slow
#: Made by using the client, not by the generator (and ignored by git).
IGNORED = ["__pycache__", ".ruff_cache", "build", "bourre_referee_client.egg-info"]


def _document(path: Path) -> None:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", "--validate", stdout=out)
    path.write_text(out.getvalue())


def _differences(kept: Path, made: Path) -> list[str]:
    """Files that differ, or are only on one side, below two folders."""
    found: list[str] = []

    def walk(compared: filecmp.dircmp[str], prefix: str) -> None:
        found.extend(f"{prefix}{name}" for name in compared.left_only + compared.right_only)
        found.extend(f"{prefix}{name}" for name in compared.diff_files)
        for name, inner in compared.subdirs.items():
            walk(inner, f"{prefix}{name}/")

    walk(
        filecmp.dircmp(kept, made, ignore=[*IGNORED]),
        "",
    )
    return found


def test_the_kept_openapi_document_is_the_schema_now(tmp_path: Path) -> None:
    _document(tmp_path / "openapi.json")
    made = json.loads((tmp_path / "openapi.json").read_text())
    assert made == json.loads((CLIENTS / "openapi.json").read_text()), (
        "clients/openapi.json is not the schema: run clients/generate.sh"
    )
    assert made["openapi"] == "3.1.0"


def test_the_kept_python_client_is_what_the_generator_makes(tmp_path: Path) -> None:
    _document(tmp_path / "openapi.json")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    generated = subprocess.run(
        [str(Path(sys.executable).with_name("openapi-python-client")), "generate",
         "--path", str(tmp_path / "openapi.json"), "--config", str(CLIENTS / "python/config.yaml"),
         "--meta", "setup", "--output-path", str(tmp_path / "client")],
        capture_output=True, text=True, timeout=600, env=env, check=False,
    )  # fmt: skip
    output = generated.stdout + generated.stderr
    assert generated.returncode == 0, output
    assert "Warning" not in output, output  # "Warning(s) encountered while generating"
    assert "WARNING" not in output, output
    assert _differences(PYTHON_CLIENT, tmp_path / "client") == [], (
        "clients/python differs from what the generator makes: run clients/generate.sh"
    )


def test_the_kept_typescript_types_are_what_the_generator_makes(tmp_path: Path) -> None:
    node_ready()
    _document(tmp_path / "openapi.json")
    made = tmp_path / "schema.d.ts"
    generated = run_in_typescript(
        "node_modules/.bin/openapi-typescript",
        str(tmp_path / "openapi.json"),
        "--output",
        str(made),
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    assert made.read_text() == (TYPESCRIPT / "src" / "schema.d.ts").read_text(), (
        "clients/typescript/src/schema.d.ts differs: run clients/generate.sh"
    )
