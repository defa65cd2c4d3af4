"""A ledger export of a date range is the ledger as it stood at the range's end: its
balances are what its legs (leaving out the voided ones) add up to, whatever came after."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from typing import Any

import pytest

from clubs.models import Club
from exports.ledger import ledger_write
from games.models import Table
from games.services import table_create
from tests.clubs.helpers import make_club
from tests.ledger.helpers import events_of, log_events

pytestmark = pytest.mark.django_db

PLAYERS = ["ana", "ben", "cy", "dee"]


def _table(club: Club) -> Table:
    return table_create(club=club, name="T", variant="louisiana", players=PLAYERS, options={})


def _export(table: Table, start: Any, end: Any) -> dict[str, Any]:
    out = io.StringIO()
    ledger_write(tables=[table], format="json", start=start, end=end, out=out, header={})
    [item] = json.loads(out.getvalue())["tables"]
    return item


def _added_up(item: dict[str, Any]) -> tuple[dict[str, int], int]:
    totals = {f"player:{p}": 0 for p in PLAYERS} | {"pot": 0}
    for leg in item["postings"]:
        if leg["voided_by"] is None:
            totals[leg["account"]] += leg["amount"]
    pot = totals.pop("pot")
    return {a.removeprefix("player:"): n for a, n in totals.items()}, pot


def test_an_undo_after_the_last_leg_in_the_range_counts_in_its_balances() -> None:
    club = make_club()
    table = _table(club)
    log_events(club, table.id, [{"deal": {"dealer": "dee", "trump": "7S"}}])  # the antes
    log_events(club, table.id, [{"undo": {"reason": "wrong dealer"}}])  # voids them
    events = events_of(table.id)
    start, end = events[0].recorded_at, events[-1].recorded_at + timedelta(seconds=1)

    item = _export(table, start, end)

    assert item["postings"]
    assert all(leg["voided_by"] for leg in item["postings"])
    assert (item["balances"], item["pot"]) == _added_up(item) == ({p: 0 for p in PLAYERS}, 0)


def test_a_table_without_legs_in_the_range_has_its_balances_then_not_now() -> None:
    club = make_club()
    table = _table(club)
    created = events_of(table.id)[0].recorded_at
    log_events(club, table.id, [{"deal": {"dealer": "dee", "trump": "7S"}}])  # after the range

    item = _export(table, created, created + timedelta(microseconds=1))

    assert item["postings"] == []
    assert (item["balances"], item["pot"]) == ({p: 0 for p in PLAYERS}, 0)


def test_a_leg_voided_after_the_range_shows_as_it_stood_then() -> None:
    club = make_club()
    table = _table(club)
    log_events(club, table.id, [{"deal": {"dealer": "dee", "trump": "7S"}}])
    end = events_of(table.id)[-1].recorded_at + timedelta(microseconds=1)
    log_events(club, table.id, [{"undo": {"reason": "wrong dealer"}}])  # after the range

    item = _export(table, None, end)

    assert item["postings"]
    assert not any(leg["voided_by"] for leg in item["postings"])
    assert (item["balances"], item["pot"]) == _added_up(item)
    assert item["pot"] == 4
