"""The app's CSV downloads open in a spreadsheet with the players' names as typed: they
start with a UTF-8 byte order mark (Excel read "Олена" as "ÐžÐ»ÐµÐ½Ð°" without one); the
API's CSVs, for scripts, do not."""

from __future__ import annotations

import csv
import io

import pytest

from games.services import table_create
from projectors.framework import projectors_run_all
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import log_events
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db

PLAYERS = ["Олена", "Zoë", "Петро", "dee"]


def test_the_apps_csvs_carry_the_mark_and_the_apis_do_not() -> None:
    club = make_club()
    table = table_create(club=club, name="Київ", variant="ukrainian", players=PLAYERS, options={})
    log_events(
        club,
        table.id,
        [
            {"deal": {"dealer": "dee", "trump": "7S"}},
            *({"player": p, "declare": "pass"} for p in PLAYERS),
        ],
    )
    log_events(club, table.id, [{"close": {}}])
    projectors_run_all()
    app = signed_in(make_member(club, "auditor"))

    for path in (f"/app/tables/{table.id}/settlement.csv", "/app/standings.csv?period=all"):
        body = app.get(path).content
        assert body.startswith("\ufeff".encode()), path
        rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
        assert set(PLAYERS) <= {row["player"] for row in rows}, path

    api = client_for(make_key(club, "auditor")[1])
    body = api.get(f"/api/v1/tables/{table.id}/settlement?format=csv").content
    assert body.startswith(b"player,")
