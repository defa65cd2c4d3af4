"""The table's aggregate is pure (issue 19): the fold, `decide`, the long-stream fold and the
snapshot codec import without Django, so they cannot touch a database, a model or a setting.

Run in a fresh interpreter with no settings: the test process has Django loaded already.
import-linter's contract says the same of the import statements; this says it of what
actually runs, package `__init__` files included (they used to load the store)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PURE = [
    "games.sitting.aggregate",
    "games.sitting.commands",
    "games.sitting.decide",
    "games.sitting.history",
    "games.sitting.snapshot",
    "games.sitting.errors",
]
FRAMEWORKS = ["django", "psycopg", "rest_framework", "celery", "redis"]

PROBE = f"""
import sys
for name in {PURE!r}:
    __import__(name)
print(" ".join(sorted({{m.split(".")[0] for m in sys.modules}} & set({FRAMEWORKS!r}))))
"""


def test_the_aggregate_decide_and_the_codec_import_without_django() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [], f"loaded with the aggregate: {done.stdout}"


def test_a_refused_undo_reason_is_worded_in_the_readers_language() -> None:
    """The commands' parse does not word the reason's fault itself (that needed Django's
    gettext): the rejection carries the template, translated where it is shown."""
    from django.utils import translation

    from games.engine import Rejection
    from games.sitting.commands import command_parse

    with pytest.raises(Rejection) as refused:
        command_parse({"undo": {"reason": "x" * 501}})
    assert refused.value.english == "undo.reason: at most 500 characters (this has 501)"
    with translation.override("fr"):
        french = refused.value.message
    assert french.startswith("undo.reason: ")
    assert "500" in french
    assert "501" in french
    assert "characters" not in french, french
