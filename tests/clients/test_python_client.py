"""The generated Python client (clients/python, openapi-python-client) drives a table
night against a live server (clients/python/drive.py): every answer parsed into the types
generated from the schema, so a schema that disagrees with the server fails here."""

from __future__ import annotations

import csv
import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.clubs.helpers import make_club, make_key
from tests.live.server import AsgiServer

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _drive_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("drive", ROOT / "clients/python/drive.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["drive"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_the_generated_python_client_drives_a_whole_night(live_app: AsgiServer) -> None:
    from bourre_referee_client.models import Obligation, RenegeRulingMade

    drive = _drive_module()
    night = drive.drive(live_app.url, make_key(make_club(), "scorekeeper")[1])
    assert len(night.plays) == 15  # ana, cy and dee play; ben passed
    assert night.plays[1] == ("cy", "4S")  # cy could follow clubs (6C): the renege
    assert isinstance(night.renege, RenegeRulingMade)
    assert night.renege.ruling.player == "cy"
    assert night.renege.ruling.obligation == Obligation.FOLLOW_SUIT
    assert len(night.undone) == 1  # the first card, taken back (then played again)
    assert night.settlement.closed
    assert sum(s.net for s in night.settlement.statements) + night.settlement.pot == 0
    rows = list(csv.reader(io.StringIO(night.settlement_csv)))
    assert rows[0] == ["player", "antes", "fees", "penalties", "winnings", "closing_share", "net"]
    assert {row[0] for row in rows[1:5]} == {"ana", "ben", "cy", "dee"}
    assert night.streamed == list(range(1, night.version + 1))
    assert 0 < night.resumed_after < night.version
