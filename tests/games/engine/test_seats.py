"""`seats`: joining and leaving between deals (RULES.md §5). Players join at a named seat
and leave between deals, sit deals out, and keep their balance when they go."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import (
    Event,
    Join,
    Leave,
    TranscriptRejected,
    new_sitting,
    parse_action,
    parse_deal,
    rule_transcript,
)

from .helpers import A_SWEEPS_B, PLAYERS, act, deal, fold, refusal

CASES = Path(__file__).parents[2] / "conformance" / "cases"


def test_a_player_who_sits_out_loses_the_exemption() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS, options={"ante": 1})
    state = fold(state, *A_SWEEPS_B)
    assert state.next.exempt == ("b",)
    # b sits the next deal out (a lone player wins it), then comes back: b antes again.
    state = fold(
        state,
        deal(dealer="c", seated=["a", "c"], trump="2S"),
        act(player="a", declare="play"),
        act(player="c", declare="pass"),
        deal(dealer="a", trump="3S"),
    )
    assert state.deal is not None
    assert state.deal.antes == 3


def test_a_bourru_who_sits_out_owes_no_double_later() -> None:
    case = json.loads((CASES / "sitting-02-comtadine-close.json").read_text())
    first, second = case["transcript"]["deals"]
    rename = {"p3": "p1", "p2": "p2"}
    state = new_sitting(variant="comtadine", players=["p1", "p2", "p3"])
    state = fold(
        state,
        parse_deal({k: v for k, v in first.items() if k != "actions"}),
        *(parse_action(a) for a in first["actions"]),
    )
    assert state.next.double == ("p3",)
    # p3 sits out a deal of p1 and p2 (p3's cards given to p1), then comes back.
    state = fold(
        state,
        deal(dealer="p1", seated=["p1", "p2"]),
        *(parse_action({**a, "player": rename[a["player"]]}) for a in second["actions"]),
        deal(dealer="p2"),
    )
    assert state.deal is not None
    assert state.deal.antes == 3  # one each, nobody doubles


def test_joining_takes_the_named_seat_and_leaving_keeps_the_balance() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B)
    state = fold(state, Join("c", None), Join("d", "a"), Leave("b"))
    assert state.players == ("c", "a", "d", "b")
    assert state.at_table == ("c", "a", "d")
    assert state.balances == {"c": 0, "a": 1, "d": 0, "b": -3}  # b still owes the bourré
    state = fold(state, deal(dealer="d", trump="2S"))
    assert state.deal is not None
    assert state.deal.seated == ("c", "a", "d")  # no `seated`: everyone at the table
    caught = refusal(state, act(player="b", declare="play"))
    assert caught.code == "out_of_turn"  # b is not in this deal


def test_seat_changes_that_cannot_happen_are_refused() -> None:
    state = fold(new_sitting(variant="louisiana", players=PLAYERS), Leave("b"))
    refused: dict[Event, tuple[str, str]] = {
        Join("a", None): ("already_seated", "join.player"),
        Join("e", "zed"): ("unknown_player", "join.seat_after"),
        Join("b", "c"): ("not_own_seat", "join.seat_after"),
        Leave("b"): ("not_seated", "leave.player"),
        Leave("zed"): ("unknown_player", "leave.player"),
        deal(dealer="a", seated=["a", "b"], trump="2S"): ("not_seated", "seated"),
    }
    for event, (code, field) in refused.items():
        caught = refusal(state, event)
        assert (caught.code, caught.field) == (code, field), event
    back = fold(state, Join("b", "a"))
    assert back.players == ("a", "b", "c")
    assert back.at_table == ("a", "b", "c")


def test_a_table_has_no_more_seats_over_its_sitting_than_the_variant_allows() -> None:
    state = new_sitting(variant="occitan", players=PLAYERS)
    state = fold(state, Leave("c"), Join("d", "b"))
    caught = refusal(state, Join("e", "d"))
    assert (caught.code, caught.field) == ("player_count", "join.player")
    assert fold(state, Join("c", "d")).players == ("a", "b", "d", "c")  # c comes back
    with pytest.raises(TranscriptRejected) as refused:
        rule_transcript({"variant": "occitan", "players": list("abcde"), "deals": []})
    assert (refused.value.deal, refused.value.action) == (None, None)


@pytest.mark.parametrize(
    "name", ["ANA", "Ana", "\uff41\uff4e\uff41"]
)  # the last: "ana" in full-width letters
def test_a_newcomer_cannot_take_a_name_that_differs_only_in_case_or_width(name: str) -> None:
    state = new_sitting(variant="louisiana", players=["ana", "ben"])
    caught = refusal(state, Join(name, "ben"))
    assert (caught.code, caught.field) == ("invalid_players", "join.player")


def test_the_first_seat_is_taken_with_no_seat_to_sit_after() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), Leave("a"))
    # a's own seat is the first: a comes back with seat_after None, not after b.
    assert refusal(state, Join("a", "b")).code == "not_own_seat"
    back = fold(state, Join("a", None))
    assert back.at_table == ("a", "b")


def test_a_player_who_comes_back_finds_their_balance_and_debts_unchanged() -> None:
    state = fold(new_sitting(variant="louisiana", players=PLAYERS), *A_SWEEPS_B)
    owed = dict(state.balances)
    assert owed["b"] < 0  # the ante and the bourré: nothing is forgiven by leaving
    state = fold(state, Leave("b"), deal(dealer="c", trump="3S"))
    assert state.deal is not None
    assert state.deal.seated == ("a", "c")
    assert state.balances["b"] == owed["b"]  # b antes nothing while away
    state = fold(state, act(player="a", declare="pass"), act(player="c", declare="pass"))
    state = fold(state, Join("b", "a"))
    assert state.balances["b"] == owed["b"]
    assert state.at_table == ("a", "b", "c")


def test_a_deal_is_dealt_to_those_seated_at_its_start_in_seat_order() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b", "c", "d"])
    state = fold(state, deal(dealer="a", seated=["d", "a", "b"], trump="2S"))
    assert state.deal is not None
    assert state.deal.seated == ("a", "b", "d")  # the seat order, not the order listed
    assert state.deal.order == ("b", "d", "a")  # from the dealer's left, the dealer last
    assert refusal(state, act(player="c", declare="play")).code == "out_of_turn"
