"""`closing`: the table closes after a settled deal, the pot is shared among the players of
that deal and every balance is settled up by transfers (RULES.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import (
    Close,
    Join,
    Leave,
    TranscriptRejected,
    apply,
    new_sitting,
    rule_transcript,
    ruling_document,
    settle_up,
)
from games.engine.closing import closing_shares

from .helpers import A_SWEEPS_B, PLAYERS, act, deal, fold, refusal

CASES = Path(__file__).parents[2] / "conformance" / "cases"


def test_the_odd_chips_go_from_the_last_dealers_left_and_the_dealer_last() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS, options={"ante": 1})
    # All pass twice: the pot holds 3 + 3 = 6... then 3 more antes with a only seated out.
    state = fold(
        state,
        deal(dealer="b", trump="2S"),
        *(act(player=p, declare="pass") for p in "cab"),
        deal(dealer="a", seated=["a", "b"], trump="2S"),
        *(act(player=p, declare="pass") for p in "ba"),
        Close(),
    )
    ruling = ruling_document(state)
    # 5 chips between a and b, dealer a: b (left of a) gets the odd chip.
    assert ruling["closing"]["pot"] == 5
    assert ruling["closing"]["shares"] == {"a": 2, "b": 3}
    assert ruling["balances"] == {"a": 0, "b": 1, "c": -1}
    assert ruling["closing"]["transfers"] == [{"from": "c", "to": "b", "amount": 1}]


def test_the_shares_go_to_the_last_deals_players_even_one_who_left_since() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS)
    state = fold(
        state,
        deal(dealer="a", seated=["a", "b"], trump="2S"),
        *(act(player=p, declare="pass") for p in "ba"),
        deal(dealer="b", trump="3S"),  # all three: 2 + 3 = 5 chips, dealer b in the middle
        *(act(player=p, declare="pass") for p in "cab"),
        Leave("c"),
    )
    assert closing_shares(state) == {"a": 2, "b": 1, "c": 2}  # from b's left: c, a, then b
    closed, rulings = apply(state, Close())
    (ruling,) = rulings
    assert ruling.kind == "table_closed"
    (posting,) = ruling.postings
    assert posting.kind == "closing_share"
    assert dict(posting.legs) == {"pot": -5, "player:a": 2, "player:b": 1, "player:c": 2}
    assert closed.pot == 0
    assert closed.balances == {"a": 0, "b": -1, "c": 1}
    assert ruling.data["transfers"] == [{"from": "b", "to": "c", "amount": 1}]


def test_closing_an_empty_pot_moves_no_chip_and_shares_zeros() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b"])
    # b passes, a is the lone player and takes the whole pot: nothing is left to share.
    state = fold(
        state,
        deal(dealer="b", trump="2S"),
        act(player="a", declare="play"),
        act(player="b", declare="pass"),
    )
    assert state.pot == 0
    closed, (ruling,) = apply(state, Close())
    assert ruling.postings == ()
    assert ruling.data["shares"] == {"a": 0, "b": 0}
    assert ruling.data["transfers"] == [{"from": "b", "to": "a", "amount": 1}]
    assert closed.closed
    assert closed.balances == {"a": 1, "b": -1}


def test_settling_up_ties_go_to_the_player_seated_first() -> None:
    players = ["a", "b", "c", "d"]
    assert settle_up(players, {"a": 2, "b": -2, "c": 2, "d": -2}) == [
        {"from": "b", "to": "a", "amount": 2},
        {"from": "d", "to": "c", "amount": 2},
    ]
    assert settle_up(players, {"a": -5, "b": 3, "c": 1, "d": 1}) == [
        {"from": "a", "to": "b", "amount": 3},
        {"from": "a", "to": "c", "amount": 1},
        {"from": "a", "to": "d", "amount": 1},
    ]
    assert settle_up(players, {p: 0 for p in players}) == []


def test_settling_up_the_biggest_debtor_pays_the_biggest_creditor_first() -> None:
    players = ["a", "b", "c", "d", "e"]
    transfers = settle_up(players, {"a": -1, "b": -6, "c": 4, "d": 0, "e": 3})
    assert transfers == [
        {"from": "b", "to": "c", "amount": 4},  # b owes most, c is owed most
        {"from": "b", "to": "e", "amount": 2},
        {"from": "a", "to": "e", "amount": 1},
    ]
    assert len(transfers) <= 4 - 1  # four players with a non-zero balance


def test_closing_during_a_deal_is_refused_naming_the_deal() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B[:4])
    for change in (Close(), Join("c", None), Leave("a")):
        caught = refusal(state, change)
        assert caught.code == "deal_in_progress"
        assert caught.deal == 0


def test_a_closed_table_refuses_everything() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B, Close())
    for event in (Close(), Join("c", "b"), Leave("a"), deal(dealer="a", trump="2S")):
        assert refusal(state, event).code == "table_closed"


def test_a_closed_transcript_whose_last_deal_is_unfinished_is_refused() -> None:
    case = json.loads((CASES / "reject-06-close-during-deal.json").read_text())
    with pytest.raises(TranscriptRejected) as caught:
        rule_transcript(case["transcript"])
    assert (caught.value.deal, caught.value.action) == (3, None)
    assert caught.value.rejection.code == "deal_in_progress"
    with pytest.raises(TranscriptRejected) as caught:
        rule_transcript({**case["transcript"], "closed": "yes"})
    assert caught.value.rejection.field == "closed"


def test_a_table_closes_only_after_a_deal() -> None:
    fresh = new_sitting(variant="louisiana", players=["a", "b"])
    assert refusal(fresh, Close()).code == "nothing_to_close"
    assert closing_shares(fresh) == {}
    with pytest.raises(TranscriptRejected) as refused:
        rule_transcript({"variant": "occitan", "players": PLAYERS, "closed": True})
    assert (refused.value.deal, refused.value.action) == (None, None)
