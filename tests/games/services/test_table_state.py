"""The table-state projection: the services keep it, `rebuild` rebuilds and
verifies it from the log."""

from __future__ import annotations

import uuid
from io import StringIO

import pytest
from django.core.management import call_command

from games.engine import ruling_document
from games.models import TableSnapshot
from games.services import (
    EventRejected,
    StaleVersion,
    TableNotFound,
    commands_parse,
    table_create,
    table_events_append,
)
from games.sitting.aggregate import load_state
from tests.clubs.helpers import make_club

pytestmark = pytest.mark.django_db

EVENTS = [
    {"deal": {"dealer": "cy", "trump": "7S"}},
    {"player": "ana", "declare": "play"},
    {"player": "ben", "declare": "play"},
    {"player": "cy", "declare": "pass"},
    {"player": "ana", "play": "AS"},
    {"undo": {"reason": "wrong card"}},
    {"player": "ana", "play": "KS"},
]


def _table():
    club = make_club()
    table = table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    outcome = table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(EVENTS)
    )
    return club, table, outcome


def _verify(table_id: uuid.UUID, *, differences: bool = False) -> str:
    """`rebuild --verify` on one table: its report, after checking its exit
    status (1 when it found differences; otherwise it returns normally)."""
    out = StringIO()
    args = ["rebuild", "--table", str(table_id), "--verify", "--projection", "table_state"]
    if differences:
        with pytest.raises(SystemExit) as exited:
            call_command(*args, stdout=out)
        assert exited.value.code == 1, out.getvalue()
    else:
        call_command(*args, stdout=out)
    return out.getvalue()


def test_the_projection_is_what_a_rebuild_from_the_log_gives() -> None:
    _, table, outcome = _table()
    row = TableSnapshot.objects.get(table=table)
    assert row.version == outcome.body["version"]
    assert [e["type"] for e in row.deal_events][-1] == "CardPlayed"
    assert _verify(table.id).strip().endswith("0 differences")


def test_verify_reports_a_drifted_row_and_rebuild_repairs_it() -> None:
    _, table, _ = _table()
    row = TableSnapshot.objects.get(table=table)
    good_state = load_state(row.state)
    row.state = TableSnapshot.objects.get(table=table).deal_start
    row.version = 3
    row.save()
    report = _verify(table.id, differences=True)
    assert "engine state differs" in report
    assert "version 3 live" in report
    call_command("rebuild", "--table", str(table.id), stdout=StringIO())
    repaired = TableSnapshot.objects.get(table=table)
    assert load_state(repaired.state) == good_state
    assert ruling_document(load_state(repaired.state))["deals"][0]["in_progress"] is True
    assert _verify(table.id).strip().endswith("0 differences")


@pytest.mark.usefixtures("clubs_of_the_whole_log")  # rebuilds the whole log
def test_a_deleted_row_is_rebuilt() -> None:
    _, table, outcome = _table()
    TableSnapshot.objects.filter(table=table).delete()
    assert "no live table-state row" in _verify(table.id, differences=True)
    call_command("rebuild", "--projection", "table_state", stdout=StringIO())
    assert TableSnapshot.objects.get(table=table).version == outcome.body["version"]


def test_services_refuse_other_clubs_stale_versions_and_bad_events() -> None:
    club, table, outcome = _table()
    version = outcome.body["version"]
    play = commands_parse([{"player": "ana", "declare": "play"}])
    with pytest.raises(TableNotFound):
        table_events_append(
            table_id=table.id, club=make_club(), expected_version=version, commands=play
        )
    with pytest.raises(StaleVersion) as stale:
        table_events_append(table_id=table.id, club=club, expected_version=2, commands=play)
    assert stale.value.current == version
    with pytest.raises(EventRejected) as rejected:
        table_events_append(
            table_id=table.id,
            club=club,
            expected_version=version,
            commands=commands_parse(
                [{"player": "ben", "play": "2S"}, {"player": "ben", "play": "3S"}]
            ),
        )
    assert rejected.value.index == 1
    assert TableSnapshot.objects.get(table=table).version == version


def test_a_multi_deal_sitting_verifies_and_rebuilds_identically() -> None:
    import json
    from pathlib import Path

    from games.models import Table, TableDeal
    from games.selectors import table_ruling
    from games.services import table_import

    cases = Path(__file__).resolve().parents[2] / "conformance" / "cases"
    case = json.loads((cases / "louisiana-02-tie-bourre-lone.json").read_text())
    table = table_import(club=make_club(), name="t", transcript=case["transcript"])
    assert TableDeal.objects.filter(table=table).count() == 2
    assert table_ruling(table=table) == case["expected"]
    assert _verify(table.id).strip().endswith("0 differences")
    TableDeal.objects.filter(table=table).delete()
    assert "engine state differs" in _verify(table.id, differences=True)
    call_command("rebuild", "--table", str(table.id), stdout=StringIO())
    table = Table.objects.select_related("snapshot").get(id=table.id)
    assert table_ruling(table=table) == case["expected"]


def test_a_club_night_with_seat_changes_and_a_close_rebuilds_identically() -> None:
    import random

    from games.engine.simulate import random_night
    from games.models import Table
    from games.selectors import table_ruling, table_seating
    from tests.games.api.sittings import event_json, first_players

    night = random_night(random.Random(5), "louisiana", 4)
    club = make_club()
    players = first_players(night.events, list(night.state.players))
    table = table_create(club=club, name="night", variant="louisiana", players=players)
    events = [event_json(e) for e in night.events]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    assert any("join" in e for e in events)
    assert any("leave" in e for e in events)
    assert _verify(table.id).strip().endswith("0 differences")
    TableSnapshot.objects.filter(table=table).delete()
    call_command("rebuild", "--table", str(table.id), stdout=StringIO())
    table = Table.objects.select_related("snapshot").get(id=table.id)
    assert table_ruling(table=table) == ruling_document(night.state)
    assert table_seating(table=table)["seated"] == list(night.state.at_table)
    assert table_seating(table=table)["closed"] is True
