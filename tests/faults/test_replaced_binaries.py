"""A server left running on binaries that apt replaced under it (installing the Citus
build's postgresql-server-dev-15 upgrades postgresql-15): new sessions then fail to load
plpgsql.so ("undefined symbol"), so `scripts/pg.sh` and `scripts/citus.sh` restart such a
server when they start. `runs_replaced_binaries` (scripts/pgnode.sh) is how they tell."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
Server = tuple[Path, Path, "subprocess.Popen[bytes]"]


def _replaced(data: Path) -> bool:
    check = f'source scripts/pgnode.sh; runs_replaced_binaries "{data}"'
    return subprocess.run(["bash", "-c", check], cwd=ROOT).returncode == 0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A stand-in postmaster: a copy of `sleep` running, its pid in a data directory's
    postmaster.pid as PostgreSQL writes it (the pid on the first line)."""
    binary = tmp_path / "postgres"
    shutil.copy2(shutil.which("sleep") or "/bin/sleep", binary)
    process = subprocess.Popen([str(binary), "60"])
    data = tmp_path / "data"
    data.mkdir()
    (data / "postmaster.pid").write_text(f"{process.pid}\n{data}\n")
    yield data, binary, process
    process.kill()
    process.wait()


def test_a_server_on_its_own_binaries_is_left_running(server: Server) -> None:
    data, _, _ = server
    assert not _replaced(data)


def test_a_server_whose_binaries_were_replaced_is_told(server: Server) -> None:
    data, binary, _ = server
    binary.unlink()  # what dpkg does to the old file when it installs the new one
    assert _replaced(data)


def test_no_server_is_not_a_replaced_one(tmp_path: Path) -> None:
    assert not _replaced(tmp_path)
