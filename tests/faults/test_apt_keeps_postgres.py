"""`make citus`'s apt step never upgrades PostgreSQL under a running cluster (issue 40):
installing the newest postgresql-server-dev-15 upgraded postgresql-15 too, and a `make run`
beside it then failed every write (`plpgsql.so: undefined symbol`). scripts/apt.sh pins the
headers to the installed server's version and holds PostgreSQL's packages while apt runs;
apt's own plan (`apt-get -s`) shows what it would do."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_DEPS = "postgresql-server-dev-15 libcurl4-openssl-dev liblz4-dev libzstd-dev libkrb5-dev"


def _bash(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", f"set -eu; source scripts/env.sh; source scripts/apt.sh; {script}"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def _installed() -> str:
    return _bash("pg_installed_version").stdout.strip()


def _listed(version: str) -> bool:
    madison = subprocess.run(
        ["apt-cache", "madison", "postgresql-server-dev-15"], capture_output=True, text=True
    ).stdout
    return any(
        line.split("|")[1].strip() == version for line in madison.splitlines() if "|" in line
    )


needs_apt = pytest.mark.skipif(
    not Path("/usr/bin/apt-get").exists() or not _installed() or not _listed(_installed()),
    reason="needs Debian's postgresql-15 and apt's lists holding its version",
)


@needs_apt
def test_the_headers_are_pinned_to_the_installed_server() -> None:
    pinned = _bash(f"apt_pinned {BUILD_DEPS}")
    assert pinned.returncode == 0, pinned.stderr
    assert f"postgresql-server-dev-15={_installed()}" in pinned.stdout.split()
    assert "libzstd-dev" in pinned.stdout.split()


@needs_apt
def test_apts_plan_upgrades_nothing_of_postgresql() -> None:
    plan = _bash(f"APT_SIMULATE=1 apt_install_keeping_postgres {BUILD_DEPS}")
    assert plan.returncode == 0, plan.stderr
    upgraded = [
        line
        for line in plan.stdout.splitlines()
        if line.startswith("Inst ") and line.split()[1] in {"postgresql-15", "libpq5"}
    ]
    assert upgraded == []
