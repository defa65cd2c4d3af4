"""`docs/walkthrough.sh`, the API guide's walk-through, runs green against a live server
(with a real Celery worker for the export and the rebuild), and it stops at once, loudly,
when the club it would bootstrap already exists."""

from __future__ import annotations

import os
import re
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tests.worker_fixtures import quiet_before_flush, worker

__all__ = ["quiet_before_flush", "worker"]

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "walkthrough.sh"


def _run(live_server: Any, test_db_name: str, club: str) -> subprocess.CompletedProcess[str]:
    app = settings.APP_DATABASE
    env = dict(os.environ)
    env.update(
        API=f"{live_server.url}/api/v1",
        CLUB=club,
        # bootstrap_club runs as a command on the test database, as the application does.
        DATABASE_URL=(
            f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{test_db_name}"
        ),
        DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
        MANAGE=f"{ROOT / '.venv' / 'bin' / 'python'} manage.py",
    )
    env.pop("DATABASE_OWNER_URL", None)
    return subprocess.run(
        ["bash", str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_walkthrough_runs_green(
    live_server: Any, test_db_name: str, worker: subprocess.Popen[bytes]
) -> None:
    club = f"Cercle {uuid.uuid4().hex[:6]}"
    done = _run(live_server, test_db_name, club)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    out = done.stdout
    assert "renege" in out
    assert "deal_settled" in out
    assert "next dealer ana" in out  # left of dee, the last dealer
    assert out.rstrip().endswith("== done")

    again = _run(live_server, test_db_name, club)
    assert again.returncode != 0
    assert "already exists" in again.stderr
    assert "== 2." not in again.stdout  # nothing after the bootstrap ran


def test_the_guide_shows_the_scripts_steps_in_order() -> None:
    script = re.findall(r'^step "(\d+)\. ', SCRIPT.read_text(), re.M)
    guide = re.findall(r"^\*\*(\d+)\. ", (ROOT / "docs" / "api.md").read_text(), re.M)
    assert script == guide == [str(n) for n in range(1, len(script) + 1)]
    assert "set -euo pipefail" in SCRIPT.read_text()
