"""`variants/ukrainian`: Буре (RULES.md §2): the trump from the stock, an exchange fee,
the lead rule instead of the cinch, ties split, nobody exempt."""

from __future__ import annotations

import pytest

from games.engine import Rejection, new_sitting, rule_transcript
from games.engine.variants import get_variant
from tests.games.engine.helpers import (
    ORDER,
    D,
    P,
    act,
    deal,
    fold,
    rejected,
    rule,
    settle,
    transcript,
)

# -- settlement ------------------------------------------------------------------


def test_ukrainian_tie_splits_and_the_odd_chip_stays() -> None:
    s = settle("ukrainian", {"a": 2, "b": 2, "c": 1}, pot=5)
    assert s.rulings[0] == {"kind": "pot_split", "players": ["a", "b"], "each": 2, "left": 1}
    assert s.payouts == {"a": 2, "b": 2}
    assert s.exempt == ()


def test_ukrainian_bourre_pays_but_still_antes() -> None:
    s = settle("ukrainian", {"a": 3, "b": 2, "c": 0}, pot=6)
    assert s.penalties == {"c": 6}
    assert s.exempt == ()


def test_ukrainian_exchange_fee_defaults_to_the_ante_and_max_exchange_to_the_table_size() -> None:
    v = get_variant("ukrainian")
    opts = v.check_options({}, ORDER)
    assert v.exchange_fee(opts, 3) == 3
    assert v.max_exchange(opts, 5) == 4
    assert v.max_exchange(opts, 6) == 3


# -- whole deals -----------------------------------------------------------------


def test_ukrainian_exchange_fee_goes_into_this_pot_and_stock_reshuffles() -> None:
    players = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]
    actions = [D(p) for p in ["p2", "p3", "p4", "p5", "p6", "p7", "p1"]]
    # 52 - 35 - 1 (the trump) = 16 cards of stock: five exchanges of 3 leave 1,
    # so the sixth needs the earlier discards reshuffled.
    actions += [{"player": p, "exchange": 3} for p in ["p2", "p3", "p4", "p5", "p6", "p7"]]
    doc = transcript("ukrainian", players, [{"dealer": "p1", "trump": "9C", "actions": actions}])
    ruled = rule_transcript(doc)["deals"][0]
    assert ruled["pot"]["antes"] == 7
    assert ruled["pot"]["start"] == 7 + 6  # six exchanging players, one ante each


def test_keeping_every_card_costs_no_fee_and_the_house_may_set_the_fee() -> None:
    state = new_sitting(variant="ukrainian", players=["a", "b"], options={"exchange_fee": 2})
    state = fold(state, deal(dealer="b", trump="9C"), act(**D("a")), act(**D("b")))
    state = fold(state, act(player="a", exchange=0), act(player="b", exchange=1))
    assert state.balances == {"a": -1, "b": -3}
    assert state.pot == 4


def test_with_six_players_at_most_three_cards_are_exchanged() -> None:
    players = list("abcdef")
    actions = [*(D(p) for p in "bcdefa"), {"player": "b", "exchange": 4}]
    doc = transcript("ukrainian", players, [{"dealer": "a", "trump": "9C", "actions": actions}])
    assert rejected(doc).rejection.code == "exchange_limit"


def test_a_leader_holding_the_queen_of_trumps_must_lead_the_highest_trump() -> None:
    hands = {"a": ["QC", "3C", "AH", "KH", "2D"]}
    actions = [D("a"), D("b"), P("a", "AH"), P("b", "5H")]
    ruled = rule(
        "ukrainian",
        ["a", "b"],
        [{"dealer": "b", "trump": "9C", "hands": hands, "actions": actions}],
    )
    (renege,) = [r for r in ruled["deals"][0]["rulings"] if r["kind"] == "renege"]
    assert (renege["player"], renege["card"], renege["obligation"]) == (
        "a",
        "AH",
        "lead_high_trump",
    )


def test_there_is_no_cinch_in_ukrainian() -> None:
    # a holds three trumps (J, T, 8) that would be a louisiana cinch once the A, K, Q are
    # out; in ukrainian only the A, K or Q of trumps binds the leader: any lead is fine.
    hands = {"a": ["JC", "TC", "8C", "AH", "2D"]}
    actions = [D("a"), D("b"), P("a", "AH"), P("b", "5H"), P("a", "2D")]
    ruled = rule(
        "ukrainian",
        ["a", "b"],
        [{"dealer": "b", "trump": "9C", "hands": hands, "actions": actions}],
    )
    assert [r for r in ruled["deals"][0]["rulings"] if r["kind"] == "renege"] == []
    assert get_variant("ukrainian").trick_rules({}, "C").cinch is False


def test_the_house_may_fix_the_exchange_limit_whatever_the_table_size() -> None:
    v = get_variant("ukrainian")
    opts = v.check_options({"max_exchange": 2}, ORDER)
    assert (v.max_exchange(opts, 3), v.max_exchange(opts, 7)) == (2, 2)


def test_an_offender_tied_for_most_tricks_shares_nothing() -> None:
    s = settle("ukrainian", {"a": 2, "b": 2, "c": 1}, pot=6, offenders=("a",))
    assert s.rulings[0] == {"kind": "pot_won", "player": "b", "amount": 6}
    assert s.penalties == {"a": 6}
    assert s.exempt == ()  # the offender still antes next deal


def test_two_to_seven_players_sit_at_a_ukrainian_table() -> None:
    assert len(new_sitting(variant="ukrainian", players=list("abcdefg")).players) == 7
    with pytest.raises(Rejection) as caught:
        new_sitting(variant="ukrainian", players=list("abcdefgh"))
    assert caught.value.code == "player_count"
