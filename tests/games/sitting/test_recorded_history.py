"""The log folds as it was recorded: an event an earlier referee accepted is not refused
again by a stricter one. A release that knows more about where the cards are (as the one
that keeps a card known in a hand among its owner's discards after an unnamed exchange)
refuses new events it would have let through before; the stored history of a table that
logged such a card must still fold, undo and rebuild. New events are judged by today's
rules, and an event that no referee could have accepted (out of turn) still fails."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Rejection, apply_recorded, new_sitting
from games.sitting.aggregate import TableFold, dump_state
from table_stream import CARD_PLAYED, CARDS_EXCHANGED, DEAL_STARTED, PLAYER_DECLARED
from tests.games.engine.helpers import act, refusal

PLAYERS = ["a", "b", "c"]
# c deals, the upcard 2S is c's; c exchanges one card without naming it, so 2S is still in
# c's hand or among c's discards, which nobody draws from after the dealer: today's referee
# refuses `a` playing it, an earlier one accepted it and the log recorded it.
RECORDED: list[tuple[str, dict[str, Any]]] = [
    (DEAL_STARTED, {"dealer": "c", "trump": "2S"}),
    *((PLAYER_DECLARED, {"player": p, "declare": "play"}) for p in PLAYERS),
    (CARDS_EXCHANGED, {"player": "a", "exchange": 0}),
    (CARDS_EXCHANGED, {"player": "b", "exchange": 0}),
    (CARDS_EXCHANGED, {"player": "c", "exchange": 1}),
    (CARD_PLAYED, {"player": "a", "play": "2S"}),
    (CARD_PLAYED, {"player": "b", "play": "3S"}),
]


def _folded(events: list[tuple[str, dict[str, Any]]]) -> TableFold:
    fold = TableFold.created(new_sitting(variant="louisiana", players=PLAYERS))
    for version, (type_, data) in enumerate(events, start=2):
        fold.game_event(type_, data, version)
    return fold


def test_todays_referee_refuses_the_card_the_log_holds() -> None:
    before = _folded(RECORDED[:-2]).state
    caught = refusal(before, act(player="a", play="2S"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")


def test_the_recorded_log_still_folds_and_undoes() -> None:
    fold = _folded(RECORDED)
    assert fold.state.deal is not None
    assert {"2S", "3S"} <= fold.state.deal.played
    undone = fold.undo(version=len(RECORDED) + 2)  # b's card: the deal is replayed from its start
    assert undone["data"] == {"player": "b", "play": "3S"}
    assert dump_state(fold.state) == dump_state(_folded(RECORDED[:-1]).state)


def test_new_events_are_judged_by_todays_rules() -> None:
    fold = _folded(RECORDED)
    with pytest.raises(Rejection) as caught:  # c holds 2S no more: it was played
        fold.decided(CARD_PLAYED, act(player="c", play="2S"), {}, len(RECORDED) + 2)
    assert caught.value.code == "card_already_played"


def test_what_no_referee_could_accept_still_fails_when_folded() -> None:
    state = _folded(RECORDED[:-2]).state
    with pytest.raises(Rejection) as caught:
        apply_recorded(state, act(player="b", play="3S"))  # a leads
    assert caught.value.code == "out_of_turn"
