"""`variants/occitan`: La Bourre with 32 cards (RULES.md §3): K high, no trump, no exchange,
follow suit only, the pot shared by tricks, the bourru pays twice what was shared."""

from __future__ import annotations

import pytest

from games.engine import Rejection, new_sitting
from tests.games.engine.helpers import (
    PLAYERS,
    D,
    P,
    act,
    deal,
    fold,
    refusal,
    rejected,
    rule,
    settle,
    transcript,
)

# -- settlement ------------------------------------------------------------------


def test_occitan_shares_by_tricks_rounding_down() -> None:
    s = settle("occitan", {"a": 3, "b": 1, "c": 1}, pot=3)
    assert s.rulings == ({"kind": "pot_shared", "shares": {"a": 1, "b": 0, "c": 0}},)
    assert s.payouts == {"a": 1}


def test_occitan_bourru_pays_twice_what_was_shared() -> None:
    s = settle("occitan", {"a": 4, "b": 1, "c": 0}, pot=10)
    assert s.payouts == {"a": 8, "b": 2}
    assert s.rulings[-1] == {"kind": "bourre", "player": "c", "amount": 20}
    assert s.penalties == {"c": 20}


def test_occitan_offender_gets_no_share_and_pays_like_a_bourru() -> None:
    s = settle("occitan", {"a": 3, "b": 2, "c": 0}, pot=10, offenders=("a",))
    assert s.rulings[0]["shares"] == {"a": 0, "b": 4, "c": 0}
    assert s.penalties == {"a": 8, "c": 8}
    assert s.renege_amount == 8


# -- whole deals -----------------------------------------------------------------


def test_occitan_has_no_declarations_and_no_trump() -> None:
    doc = transcript("occitan", PLAYERS, [{"dealer": "c", "actions": [D("a")]}])
    assert rejected(doc).rejection.code == "not_in_variant"
    doc = transcript("occitan", PLAYERS, [{"dealer": "c", "trump": "KS", "actions": []}])
    assert rejected(doc).rejection.code == "invalid_event"


def test_occitan_has_no_exchange_and_no_six() -> None:
    state = fold(new_sitting(variant="occitan", players=PLAYERS), deal(dealer="c"))
    assert refusal(state, act(player="a", exchange=1)).code == "not_in_variant"
    assert refusal(state, act(player="a", play="6H")).code == "card_not_in_deck"


def test_a_whole_occitan_deal_shares_the_pot_by_tricks() -> None:
    hands = {
        "a": ["KH", "KS", "KD", "7C", "8C"],
        "b": ["7H", "7S", "7D", "KC", "9C"],
        "c": ["8H", "8S", "8D", "QC", "TC"],
    }
    tricks = [
        ("a:KH", "b:7H", "c:8H"),
        ("a:KS", "b:7S", "c:8S"),
        ("a:KD", "b:7D", "c:8D"),
        ("a:7C", "b:KC", "c:QC"),
        ("b:9C", "c:TC", "a:8C"),
    ]
    actions = [P(*pc.split(":")) for trick in tricks for pc in trick]
    ruled = rule("occitan", PLAYERS, [{"dealer": "c", "hands": hands, "actions": actions}], ante=5)
    only = ruled["deals"][0]
    assert only["tricks_won"] == {"a": 3, "b": 1, "c": 1}
    # 15 chips: a gets floor(15*3/5) = 9, b and c 3 each; nothing stays, nobody is bourru.
    assert only["rulings"] == [{"kind": "pot_shared", "shares": {"a": 9, "b": 3, "c": 3}}]
    assert ruled["pot"] == 0
    assert ruled["balances"] == {"a": 4, "b": -2, "c": -2}


@pytest.mark.parametrize("players", [["a", "b"], ["a", "b", "c", "d", "e"]])
def test_occitan_is_played_by_three_or_four(players: list[str]) -> None:
    with pytest.raises(Rejection) as caught:
        new_sitting(variant="occitan", players=players)
    assert (caught.value.code, caught.value.field) == ("player_count", "players")


def test_what_cannot_be_shared_out_stays_in_the_pot() -> None:
    s = settle("occitan", {"a": 2, "b": 2, "c": 1}, pot=7)
    # 7 x 2 / 5 = 2 (rounded down), twice, and 7 x 1 / 5 = 1: 5 shared, 2 stay.
    assert s.rulings == ({"kind": "pot_shared", "shares": {"a": 2, "b": 2, "c": 1}},)
    assert sum(s.payouts.values()) == 5
