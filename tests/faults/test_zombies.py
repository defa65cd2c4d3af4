"""A server killed with `kill -9` and not yet reaped is not running (scripts/env.sh,
`process_gone`): its parent is PID 1, which here is an agent that reaps late, and until then
`kill -0` said it ran, so `pg.sh start` and `redis.sh start` left it down (the fault soak
found it: tests/faults/test_soak.py)."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _gone(pid: int) -> bool:
    check = f"source scripts/env.sh; process_gone {pid}"
    return subprocess.run(["bash", "-c", check], cwd=ROOT).returncode == 0


def test_a_killed_process_not_yet_reaped_is_gone() -> None:
    child = subprocess.Popen(["sleep", "60"])
    try:
        assert not _gone(child.pid)
        child.send_signal(signal.SIGKILL)
        time.sleep(0.2)  # a zombie now: this process has not waited for it
        assert Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        assert _gone(child.pid)
    finally:
        child.wait()
    assert _gone(child.pid)  # reaped: no such process at all


def test_a_stale_lock_file_of_a_zombie_postmaster_goes(tmp_path: Path) -> None:
    child = subprocess.Popen(["sleep", "60"])
    (tmp_path / "postmaster.pid").write_text(f"{child.pid}\n{tmp_path}\n")
    clear = f'source scripts/env.sh; source scripts/pgnode.sh; clear_stale_lock "{tmp_path}"'
    try:
        subprocess.run(["bash", "-c", clear], cwd=ROOT, check=True)
        assert (tmp_path / "postmaster.pid").exists()  # running: left alone
        child.send_signal(signal.SIGKILL)
        time.sleep(0.2)
        subprocess.run(["bash", "-c", clear], cwd=ROOT, check=True)
        assert not (tmp_path / "postmaster.pid").exists()
    finally:
        child.wait()
