"""Fast service tests, no database: undo and the changes between deals (join, leave,
close; RULES.md §5) decided on a fold and appended to a `MemoryEventStore`. A refused
request appends nothing and leaves the log folding to the fold as it was; every accepted
one is checked as in test_decide_conformance.py (decide and evolve agree, a stale append
is refused)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.sitting.errors import EventRejected
from table_stream import CARDS_EXCHANGED, EVENT_UNDONE, TABLE_CLOSED
from tests.games.api.sittings import api_events, first_seats
from tests.games.services.memory import MemoryTable

CASE = json.loads(
    (
        Path(__file__).resolve().parents[2]
        / "conformance"
        / "cases"
        / "sitting-01-louisiana-roster-close.json"
    ).read_text()
)
# Where each event of the night is located: (deal, action), action None for a deal's
# header and the seat changes before it.
NIGHT = api_events(CASE["transcript"])
UNDO = {"undo": {"reason": "logged by mistake"}}


def _night() -> MemoryTable:
    transcript = CASE["transcript"]
    return MemoryTable.created(
        variant=transcript["variant"],
        players=first_seats(transcript),
        options=transcript.get("options", {}),
    )


def _post_until(table: MemoryTable, stop: Any) -> list[dict[str, Any]]:
    """Post the night's events one per request up to the first for which `stop(where,
    event)` holds; the rest of the night."""
    for n, (where, event) in enumerate(NIGHT):
        if stop(where, event):
            return [e for _, e in NIGHT[n:]]
        table.post([event])
    return []


def _refused(table: MemoryTable, posted: list[Any]) -> EventRejected:
    """`posted` is refused and nothing of it is appended."""
    version, log = table.fold.version, table.log()
    with pytest.raises(EventRejected) as refused:
        table.post(posted)
    assert table.log() == log
    assert table.fold.version == version
    return refused.value


def test_seats_change_and_the_table_closes_only_between_deals() -> None:
    table = _night()
    rest = _post_until(table, lambda where, _: where == (0, 1))  # deal 0 has started
    during = [{"join": {"player": "p1", "seat_after": None}}, {"leave": {"player": "p5"}}]
    for change in [*during, {"close": {}}]:
        refused = _refused(table, [rest[0], change])  # one request: all or nothing
        assert refused.index == 1
        assert refused.rejection.code == "deal_in_progress"
    for event in rest:  # the refusals left no trace: the night rules as the case
        table.post([event])
    assert table.ruling() == CASE["expected"]


def test_a_player_who_leaves_keeps_their_balance_and_comes_back_to_their_own_seat() -> None:
    table = _night()
    rest = _post_until(table, lambda _, event: "leave" in event)
    leaving = rest[0]["leave"]["player"]
    balances = dict(table.fold.state.balances)
    table.post([rest[0]])
    assert leaving not in table.fold.state.at_table
    assert table.fold.state.balances == balances
    assert table.fold.state.players == table.refolded().state.players  # the seat is kept
    seat = table.fold.state.players.index(leaving)
    wrong = table.fold.state.players[seat - 2] if seat >= 2 else table.fold.state.players[-1]
    refused = _refused(table, [{"join": {"player": leaving, "seat_after": wrong}}])
    assert refused.rejection.code == "not_own_seat"
    own = table.fold.state.players[seat - 1] if seat else None
    table.post([{"join": {"player": leaving, "seat_after": own}}])
    assert leaving in table.fold.state.at_table
    assert table.fold.state.balances == balances
    assert table.refolded() == table.fold


def test_after_the_close_the_pot_is_shared_and_nothing_more_is_logged() -> None:
    table = _night()
    for _, event in NIGHT:
        table.post([event])
    assert table.fold.state.closed
    assert table.fold.state.pot == 0
    assert sum(table.fold.state.balances.values()) == 0
    refused = _refused(table, [{"deal": {"dealer": "p3", "trump": "2S"}}])
    assert refused.rejection.code == "table_closed"
    assert _refused(table, [{"close": {}}]).rejection.code == "table_closed"
    # The close is the last live event of the last deal: an undo reopens the table.
    undone = table.post([UNDO])
    assert undone["undone"][0]["undone_type"] == TABLE_CLOSED
    assert undone["undone"][0]["voided_versions"]  # the closing's ruling goes with it
    assert not table.fold.state.closed
    assert table.refolded() == table.fold


def test_undo_at_a_new_table_is_refused() -> None:
    table = _night()
    assert _refused(table, [UNDO]).rejection.code == "nothing_to_undo"
    refused = _refused(table, [{"undo": "typo"}])
    assert (refused.rejection.code, refused.rejection.field) == ("invalid_event", "undo")


def test_undo_never_reaches_a_settled_deal_once_the_next_deal_starts() -> None:
    table = _night()
    _post_until(table, lambda where, _: where == (1, 0))  # deal 1 dealt, nobody acted yet
    settled = table.ruling()["deals"][0]
    table.post([UNDO])  # deal 1's header (the last live event) is taken back
    assert table.fold.state.deal is not None
    assert table.fold.state.deal.index == 0
    assert _refused(table, [UNDO]).rejection.code == "nothing_to_undo"
    assert table.ruling()["deals"][0] == settled
    assert table.refolded() == table.fold


def test_an_undo_in_a_batch_takes_back_the_event_posted_before_it() -> None:
    table = _night()
    rest = _post_until(table, lambda where, _: where == (0, 2))
    before = table.fold.version
    decision = table.post([rest[0], UNDO, rest[0]])
    logged = [e.type for e in table.log() if e.version > before]
    assert logged == [CARDS_EXCHANGED, EVENT_UNDONE, CARDS_EXCHANGED]
    assert decision["undone"] == [
        {
            "version": before + 2,
            "reason": "logged by mistake",
            "undone_version": before + 1,
            "undone_type": CARDS_EXCHANGED,
            "voided_versions": [],
        }
    ]
    assert table.refolded() == table.fold
