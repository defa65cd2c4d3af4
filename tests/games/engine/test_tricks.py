"""`tricks`: card play in the trick-taking variants: whose turn it is, who takes a trick and
leads the next, and the deal ending after the fifth trick."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import apply, new_sitting, parse_action, parse_deal
from games.engine.state import Ruling

from .helpers import (
    DECLARED,
    PLAYERS,
    D,
    P,
    act,
    deal,
    fold,
    louisiana_deal,
    refusal,
    rejected,
)


@pytest.mark.parametrize(
    ("actions", "where", "code"),
    [
        ([*DECLARED, P("b", "5H")], 3, "out_of_turn"),
        ([*DECLARED, P("a", "XH")], 3, "card_not_in_deck"),
        ([D("a"), D("b", False), D("c"), P("a", "5H"), P("b", "6H")], 4, "player_passed"),
    ],
)
def test_refused_plays(actions: list[dict[str, Any]], where: int, code: str) -> None:
    error = rejected(louisiana_deal(actions))
    assert (error.deal, error.action, error.rejection.code) == (0, where, code)


def test_out_of_turn_names_whose_turn_it_was() -> None:
    error = rejected(louisiana_deal([*DECLARED, P("a", "5H"), P("c", "6H")]))
    assert error.rejection.code == "out_of_turn"
    assert error.rejection.expected == "b"


def test_cards_are_read_forgivingly_when_played() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S"),
        *(act(**a) for a in DECLARED),
        act(player="a", play="10h"),
    )
    assert state.deal is not None
    assert state.deal.trick is not None
    assert state.deal.trick.cards == (("a", "TH"),)


def test_a_player_sitting_the_deal_out_cannot_play() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="b", seated=["a", "b"], trump="2S"),
        act(player="a", declare="play"),
        act(player="b", declare="play"),
    )
    caught = refusal(state, act(player="c", play="5H"))
    assert (caught.code, caught.expected) == ("not_seated", "a")


def play_out(cards: list[tuple[str, str]]) -> Any:
    return fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S"),
        *(act(**a) for a in DECLARED),
        *(act(player=p, play=c) for p, c in cards),
    )


def test_the_winner_of_a_trick_leads_the_next_and_a_trump_takes_it() -> None:
    state = play_out([("a", "5H"), ("b", "AH"), ("c", "3S")])  # c is void: c trumps
    assert state.deal is not None
    (first,) = state.deal.tricks
    assert first.winner == "c"
    assert state.deal.tricks_won == {"a": 0, "b": 0, "c": 1}
    assert state.deal.trick is not None
    assert state.deal.trick.leader == "c"
    assert refusal(state, act(player="a", play="6H")).expected == "c"


def test_a_sixth_card_is_refused_and_the_fifth_trick_settles_the_deal() -> None:
    rounds = [
        [("a", "AH"), ("b", "2H"), ("c", "3H")],
        [("a", "AD"), ("b", "2D"), ("c", "3D")],
        [("a", "AC"), ("b", "2C"), ("c", "3C")],
        [("a", "KH"), ("b", "4H"), ("c", "5H")],
        [("a", "KD"), ("b", "4D"), ("c", "5D")],
    ]
    state = play_out([pair for trick in rounds for pair in trick])
    assert state.deal is not None
    assert state.deal.over
    assert state.deal.tricks_won == {"a": 5, "b": 0, "c": 0}
    assert len(state.deals) == 1
    assert state.balances == {"a": 2, "b": -4, "c": -4}  # b and c bourré: 3 each
    assert refusal(state, act(player="a", play="KC")).code == "no_deal_in_progress"


def test_a_player_who_has_played_five_cards_is_refused_a_sixth() -> None:
    rounds = [
        [("a", "AH"), ("b", "2H"), ("c", "3H")],
        [("a", "AD"), ("b", "2D"), ("c", "3D")],
        [("a", "AC"), ("b", "2C"), ("c", "3C")],
        [("a", "KH"), ("b", "4H"), ("c", "5H")],
        [("a", "KD")],
    ]
    state = play_out([pair for trick in rounds for pair in trick])
    caught = refusal(state, act(player="a", play="KC"))
    assert (caught.code, caught.expected) == ("sixth_card", "b")


def test_a_won_tricks_ruling_is_the_trick_as_a_document() -> None:
    # The card play makes this ruling in place (docs/decisions/0014-the-card-play-written-out.md):
    # it must be the very value `Ruling(...)` makes from the trick's own `as_dict`.
    state = new_sitting(variant="louisiana", players=PLAYERS)
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2S"}))
    for action in [D("a"), D("b"), D("c"), P("a", "5H"), P("b", "9H"), P("c", "7H")]:
        state, rulings = apply(state, parse_action(action))
    assert state.deal is not None
    done = state.deal.tricks[0]
    assert rulings == (Ruling("trick_won", {"trick": 1, **done.as_dict()}),)
    assert vars(rulings[0]) == vars(Ruling("trick_won", {"trick": 1, **done.as_dict()}))
    assert rulings[0].as_dict()["winner"] == "b"
