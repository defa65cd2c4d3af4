"""`dealing`: a deal starts with its dealer, who is seated, the trump, logged hands and the
antes paid into the pot."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import apply, new_sitting

from .helpers import PLAYERS, D, act, deal, fold, refusal, rejected, transcript


def louisiana(*deals: dict[str, Any], **options: Any) -> dict[str, Any]:
    return transcript("louisiana", PLAYERS, list(deals), **options)


def header(actions: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {"dealer": "c", "trump": "2S", **fields, "actions": actions}


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"dealer": "zed"}, "unknown_player"),
        ({"trump": None}, "missing_trump"),
        ({"trump": "1S"}, "card_not_in_deck"),
        ({"seated": ["a"]}, "player_count"),
        ({"seated": ["a", "zed"]}, "unknown_player"),
        ({"seated": ["a", "a"]}, "invalid_event"),
        ({"seated": ["a", "b"]}, "not_seated"),  # the dealer c sits this deal out
        ({"hands": {"a": ["5H", "6H"]}}, "invalid_event"),
        ({"hands": {"a": ["5H", "5H", "6H", "7H", "8H"]}}, "invalid_event"),
        ({"hands": {"zed": ["5H", "6H", "7H", "8H", "9H"]}}, "not_seated"),
        (
            {"hands": {"a": ["5H", "6H", "7H", "8H", "9H"], "b": ["5H", "2C", "3C", "4C", "6C"]}},
            "card_seen_elsewhere",
        ),
        ({"hands": {"a": ["2S", "6H", "7H", "8H", "9H"]}}, "card_seen_elsewhere"),  # the upcard
        (
            {"hands": {"c": ["5H", "6H", "7H", "8H", "9H"]}},
            "contradicts_logged_hand",
        ),  # dealer without the upcard
        ({"ante": -1}, "invalid_event"),
    ],
)
def test_refused_deals_have_no_action_index(fields: dict[str, Any], code: str) -> None:
    error = rejected(louisiana(header([], **fields)))
    assert (error.deal, error.action, error.rejection.code) == (0, None, code)


def test_a_new_deal_before_the_last_one_ended_is_refused() -> None:
    error = rejected(louisiana(header([D("a")]), header([])))
    assert (error.deal, error.action, error.rejection.code) == (1, None, "deal_in_progress")


def test_every_seated_player_antes_into_the_pot_with_one_posting() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS, options={"ante": 2})
    state, (started,) = apply(state, deal(dealer="b", trump="9D"))
    assert started.kind == "deal_started"
    assert started.data == {"deal": 0, "dealer": "b", "antes": {"c": 2, "a": 2, "b": 2}}
    (posting,) = started.postings
    assert posting.kind == "ante"
    assert dict(posting.legs) == {"player:c": -2, "player:a": -2, "player:b": -2, "pot": 6}
    assert state.pot == 6
    assert state.balances == {"a": -2, "b": -2, "c": -2}
    assert state.deal is not None
    assert state.deal.order == ("c", "a", "b")  # from the dealer's left, the dealer last


def test_the_dealer_may_set_another_ante_for_one_deal() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS, options={"ante": 2})
    state = fold(state, deal(dealer="b", trump="9D", ante=5))
    assert state.pot == 15
    state = fold(state, *(act(player=p, declare="pass") for p in "cab"))
    state = fold(state, deal(dealer="c", trump="9D"))
    assert state.pot == 15 + 6  # the house ante again


def test_a_free_deal_posts_nothing() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS, options={"ante": 0})
    _, (started,) = apply(state, deal(dealer="b", trump="9D"))
    assert started.postings == ()


def test_the_upcard_is_the_dealers_card_and_names_the_trump() -> None:
    state = fold(new_sitting(variant="louisiana", players=PLAYERS), deal(dealer="b", trump="qd"))
    assert state.deal is not None
    assert (state.deal.trump_card, state.deal.trump_suit) == ("QD", "D")
    assert state.deal.hands["b"].known == {"QD"}
    assert state.deal.stock == 52 - 15


def test_a_ukrainian_trump_is_turned_from_the_stock_and_belongs_to_nobody() -> None:
    state = new_sitting(variant="ukrainian", players=PLAYERS)
    state = fold(state, deal(dealer="b", trump="QD"))
    assert state.deal is not None
    assert state.deal.hands == {}
    assert state.deal.stock == 52 - 15 - 1
    state = fold(state, *(act(player=p, declare="play") for p in "cab"))
    caught = refusal(state, act(player="c", play="QD"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    assert "turned-up trump" in caught.message


def test_the_32_card_variants_deal_without_a_trump() -> None:
    error = rejected(transcript("comtadine", ["a", "b"], [{"dealer": "a", "trump": "KS"}]))
    assert (error.rejection.code, error.rejection.field) == ("invalid_event", "trump")
    state = fold(new_sitting(variant="occitan", players=PLAYERS), deal(dealer="a"))
    assert state.deal is not None
    assert state.deal.trick is not None  # no declarations: play starts at once
    assert state.deal.trick.leader == "b"
    assert state.deal.stock == 32 - 15
