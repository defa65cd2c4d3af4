"""The app's CSV downloads open in a spreadsheet with the players' names as typed: they
start with a UTF-8 byte order mark (Excel read "Олена" as "ÐžÐ»ÐµÐ½Ð°" without one); the
API's CSVs, for scripts, do not. The app's downloads are named after the table, in any
script (RFC 6266's `filename*`), and in the reader's language."""

from __future__ import annotations

import csv
import io
from urllib.parse import unquote

import pytest

from games.services import table_create
from projectors.framework import projectors_run_all
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import log_events
from tests.tableapp.helpers import make_member, signed_in
from tests.tableapp.test_audit_page import reader

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


def _file_name(disposition: str) -> str:
    kind, _, name = disposition.partition("; ")
    assert kind == "attachment", disposition
    if name.startswith("filename*=utf-8''"):
        return unquote(name.removeprefix("filename*=utf-8''"))
    assert name.startswith('filename="'), disposition
    return name.removeprefix('filename="').removesuffix('"')


def test_the_apps_downloads_are_named_after_the_table_in_any_script() -> None:
    club = make_club()
    kyiv = table_create(
        club=club, name="Київ / ніч: 3", variant="ukrainian", players=PLAYERS, options={}
    )
    friday = table_create(club=club, name="Friday night", variant="louisiana", players=PLAYERS)
    app = signed_in(make_member(club, "auditor"))
    named = {
        "settlement.csv": ("Київ ніч 3 - settlement.csv", "Friday night - settlement.csv"),
        "ruling.json": ("Київ ніч 3 - ruling.json", "Friday night - ruling.json"),
        "transcript.json": ("Київ ніч 3 - transcript.json", "Friday night - transcript.json"),
    }
    for path, (cyrillic, latin) in named.items():
        answer = app.get(f"/app/tables/{kyiv.id}/{path}")
        assert answer.status_code == 200, path
        # Beyond latin-1: the form every browser decodes, never a garbled filename="..."
        assert answer["Content-Disposition"].startswith("attachment; filename*=utf-8''")
        assert _file_name(answer["Content-Disposition"]) == cyrillic
        plain = app.get(f"/app/tables/{friday.id}/{path}")["Content-Disposition"]
        assert plain == f'attachment; filename="{latin}"'
    french = reader(club, "fr").get(f"/app/tables/{friday.id}/settlement.csv")
    assert _file_name(french["Content-Disposition"]) == "Friday night - règlement.csv"
    ukrainian = reader(club, "uk").get(f"/app/tables/{friday.id}/transcript.json")
    assert _file_name(ukrainian["Content-Disposition"]) == "Friday night - протокол.json"
