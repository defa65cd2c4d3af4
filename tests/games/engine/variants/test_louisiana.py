"""`variants/louisiana`: Pagat's Bourré (RULES.md §1): the whole pot to strictly most tricks,
a tie carries, bourrés pay the pot value, the tied and the bourrés ante nothing next deal."""

from __future__ import annotations

import pytest

from games.engine import Rejection, new_sitting
from games.engine.variants import get_variant
from tests.games.engine.helpers import (
    A_SWEEPS_B,
    ORDER,
    D,
    act,
    deal,
    fold,
    refusal,
    rejected,
    settle,
    transcript,
)

# -- settlement ------------------------------------------------------------------


def test_louisiana_most_tricks_wins_even_with_two() -> None:
    s = settle("louisiana", {"a": 2, "b": 1, "c": 1, "d": 1})
    assert s.payouts == {"a": 10}
    assert s.rulings == ({"kind": "pot_won", "player": "a", "amount": 10},)
    assert s.penalties == {}
    assert s.exempt == ()


def test_louisiana_tie_carries_and_exempts_tied_and_bourre() -> None:
    s = settle("louisiana", {"a": 2, "b": 2, "c": 1, "d": 0})
    assert s.payouts == {}
    assert s.rulings[0] == {"kind": "pot_carried", "amount": 10, "tied": ["a", "b"]}
    assert s.rulings[1] == {"kind": "bourre", "player": "d", "amount": 10}
    assert s.penalties == {"d": 10}
    assert s.exempt == ("a", "b", "d")


def test_louisiana_bourres_each_pay_the_same_pot_value() -> None:
    s = settle("louisiana", {"a": 5, "b": 0, "c": 0}, pot=7)
    assert s.penalties == {"b": 7, "c": 7}


def test_louisiana_pot_limit_caps_winnings_and_penalties() -> None:
    s = settle("louisiana", {"a": 4, "b": 0, "c": 1}, pot=30, pot_limit=12)
    assert s.payouts == {"a": 12}
    assert s.penalties == {"b": 12}


def test_louisiana_offender_cannot_win_the_next_best_does() -> None:
    s = settle("louisiana", {"a": 3, "b": 2, "c": 0}, offenders=("a",))
    assert s.payouts == {"b": 10}
    assert s.penalties == {"a": 10, "c": 10}
    assert s.exempt == ("a", "c")


def test_louisiana_offender_with_no_trick_pays_one_penalty_only() -> None:
    s = settle("louisiana", {"a": 3, "b": 2, "c": 0}, offenders=("c",))
    assert s.penalties == {"c": 10}
    assert all(r["kind"] != "bourre" for r in s.rulings)


def test_louisiana_tie_among_non_offenders_carries() -> None:
    s = settle("louisiana", {"a": 3, "b": 1, "c": 1}, offenders=("a",))
    assert s.rulings[0] == {"kind": "pot_carried", "amount": 10, "tied": ["b", "c"]}


def test_louisiana_nobody_but_the_offender_took_a_trick() -> None:
    s = settle("louisiana", {"a": 5, "b": 0}, offenders=("a",))
    assert s.rulings[0] == {"kind": "pot_carried", "amount": 10, "tied": []}
    assert s.penalties == {"a": 10, "b": 10}


# -- whole deals -----------------------------------------------------------------


def test_the_bourre_and_the_tied_ante_nothing_next_deal_and_pay_again_after() -> None:
    # a and b tie at 2 tricks, c takes 1, d none: the pot carries; a, b (tied) and d
    # (bourré) are exempt from the next ordinary ante, c pays it.
    s = settle("louisiana", {"a": 2, "b": 2, "c": 1, "d": 0})
    assert s.exempt == ("a", "b", "d")
    v = get_variant("louisiana")
    assert [v.ante_due(p, 1, s.exempt, s.double) for p in ORDER] == [0, 0, 1, 0]
    # In play: b bourré by a is exempt the next deal only.
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B)
    state = fold(state, deal(dealer="a", trump="3S"))
    assert state.deal is not None
    assert state.deal.antes == 1  # a alone antes
    state = fold(state, act(player="b", declare="pass"), act(player="a", declare="play"))
    state = fold(state, deal(dealer="b", trump="4S"))
    assert state.deal is not None
    assert state.deal.antes == 2  # nobody exempt after a lone player's win


def test_an_all_passed_deal_spends_the_exemption_and_leaves_none() -> None:
    # RULES.md §1: b, bourré, antes nothing in the very next deal, even one that everybody
    # passes; "if nobody plays ... nobody is exempt from the next ante": both ante after.
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B)
    assert state.pot == 2  # b's penalty: the value of the pot of 2
    state = fold(state, deal(dealer="a", trump="3S"))
    assert state.deal is not None
    assert state.deal.antes == 1  # a alone antes
    state = fold(state, act(player="b", declare="pass"), act(player="a", declare="pass"))
    assert state.deal is not None
    assert state.deal.over
    assert state.deal.summary is not None
    assert state.deal.summary["next"] == {"penalties": {}, "exempt": [], "double": []}
    assert state.pot == 3
    state = fold(state, deal(dealer="b", trump="4S"))
    assert state.deal is not None
    assert state.deal.antes == 2
    assert state.deal.start == 5


def test_the_house_may_lower_the_exchange_limit() -> None:
    doc = transcript(
        "louisiana",
        ["a", "b"],
        [
            {
                "dealer": "b",
                "trump": "2S",
                "actions": [D("a"), D("b"), {"player": "a", "exchange": 3}],
            }
        ],
        max_exchange=2,
    )
    assert rejected(doc).rejection.code == "exchange_limit"


def test_up_to_eight_players_sit_at_a_louisiana_table() -> None:
    assert len(new_sitting(variant="louisiana", players=list("abcdefgh")).players) == 8
    with pytest.raises(Rejection) as caught:
        new_sitting(variant="louisiana", players=list("abcdefghi"))
    assert caught.value.code == "player_count"


def test_the_dealer_may_exchange_the_upcard_and_the_trump_does_not_change() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=["a", "b"]),
        deal(dealer="b", trump="2S"),
        act(player="a", declare="play"),
        act(player="b", declare="play"),
        act(player="a", exchange=0),
        act(player="b", exchange=1, discard=["2S"]),
    )
    assert state.deal is not None
    assert (state.deal.trump_card, state.deal.trump_suit) == ("2S", "S")
    assert "2S" not in state.deal.hands["b"].known
    # The upcard is gone (b cannot play it), yet spades are still trumps: b's 3S takes a heart.
    state = fold(state, act(player="a", play="5H"))
    assert refusal(state, act(player="b", play="2S")).code == "card_seen_elsewhere"
    state = fold(state, act(player="b", play="3S"))
    assert state.deal is not None
    assert state.deal.tricks[0].winner == "b"
