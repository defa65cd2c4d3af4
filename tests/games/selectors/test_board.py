"""The board every screen of a table shows (`games.selectors.table_board`, issues 39 and
41): what each seat's part in a deal was, the rulings a room is told, the seats' states."""

from __future__ import annotations

from typing import Any

import pytest

from games.selectors import table_board, table_get
from games.services import commands_parse, table_events_append
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import case_table

pytestmark = pytest.mark.django_db


def _played(case: str, deals: int = 1, *, close: bool = False) -> Any:
    club = make_club()
    table, transcript = case_table(club, case, "Board")
    events: list[Any] = []
    for deal in transcript["deals"][:deals]:
        header = {k: deal[k] for k in ("dealer", "trump", "hands") if k in deal}
        events += [{"deal": header}, *deal["actions"]]
    if close:
        events.append({"close": {}})
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    return table_get(club=club, table_id=table.id)


def _parts(board: Any) -> dict[str, list[tuple[str, int]]]:
    return {s.player: [(o.kind, o.amount) for o in s.outcomes] for s in board.seats}


def test_between_deals_each_seat_says_what_the_deal_did_to_it() -> None:
    """A tie that carries the pot, a bourré, a pass, and tricks without the pot."""
    board = table_board(table=_played("louisiana-02-tie-bourre-lone"))
    assert board.phase == "between_deals"
    assert {s.status for s in board.seats} == {"dealt"}  # no seat says "playing" any more
    parts = _parts(board)
    assert parts["a"] == [("tied", 0)]
    assert parts["b"] == [("tied", 0)]
    assert parts["d"] == [("bourre", 5)]
    assert parts["e"] == [("passed", 0)]
    assert parts["c"] == [("tricks", board.seats[2].tricks)]


def test_the_room_is_told_every_renege_win_and_bourre_in_order() -> None:
    board = table_board(table=_played("louisiana-03-cinch-retract"))
    assert [r["kind"] for r in board.told] == ["renege", "pot_won", "bourre"]
    assert [r["kind"] for r in board.result] == ["renege", "pot_won", "bourre"]
    assert board.actions is not None  # the renege names the action that proved it
    parts = _parts(board)
    assert parts["a"] == [("renege", 3)]
    assert parts["c"] == [("won", 3)]
    assert parts["b"] == [("bourre", 3)]


def test_mid_deal_the_seats_and_the_trick_and_nothing_told_yet() -> None:
    club = make_club()
    table, transcript = case_table(club, "louisiana-01-hidden-renege", "Board")
    deal = transcript["deals"][0]
    events = [{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"][:6]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    board = table_board(table=table_get(club=club, table_id=table.id), scorekeeper=True)
    assert board.dealer == deal["dealer"]
    assert board.trump == deal["trump"]
    assert board.current_trick is not None
    assert [(c.player, c.card) for c in board.current_trick.cards] == [
        (a["player"], a["play"]) for a in deal["actions"][4:6]
    ]
    seats = {s.player: s for s in board.seats}
    assert seats[board.to_act or ""].to_act
    assert {s.status for s in board.seats} <= {"playing", "passed"}
    assert board.told == ()
    assert board.step is not None
    assert board.step["kind"] == "play"
    assert board.undo_target == ("CardPlayed", deal["actions"][5])


def test_closed_the_board_holds_the_settle_up_and_no_seat_is_passed() -> None:
    board = table_board(table=_played("louisiana-03-cinch-retract", close=True))
    assert board.closed
    assert board.transfers
    assert {s.status for s in board.seats} == {"at the table"}
    assert all(not s.outcomes for s in board.seats)
