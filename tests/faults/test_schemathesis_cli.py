"""The schemathesis command line works from the project's venv (with the pinned versions)
and finds nothing, with every check, against a live server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clubs.helpers import make_club, make_key
from tests.faults.conftest import ROOT, LiveServer

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_the_schemathesis_cli_runs_every_check(gunicorn_server: LiveServer) -> None:
    raw = make_key(make_club(), "admin")[1]
    cli = Path(sys.executable).with_name("schemathesis")
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "tests.schemathesis_hooks"}
    result = subprocess.run(
        [str(cli), "run", f"{gunicorn_server.url}/api/schema/", "--checks", "all",
         "-H", f"Authorization: Bearer {raw}", "--hypothesis-max-examples", "5",
         "--hypothesis-derandomize", "--no-color", "--experimental=openapi-3.1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    summary = result.stdout[-3000:]
    assert result.returncode == 0, summary
    assert "'many' object has no attribute 'more'" not in result.stdout
    assert " passed" in summary
    assert "errored" not in summary
