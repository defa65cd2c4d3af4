"""`state`: the referee's values. A ruling reads as its `bourre-ruling/1` entry; `evolve`
changes only what it is told; a sitting knows who is at the table."""

from __future__ import annotations

from games.engine import Posting, Ruling, new_sitting
from games.engine.state import DealState, evolve

from .helpers import A_SWEEPS_B, fold


def test_a_ruling_reads_as_its_bourre_ruling_entry() -> None:
    posting = Posting("ante", (("player:a", -1), ("pot", 1)))
    ruling = Ruling("deal_started", {"deal": 0}, (posting,))
    assert ruling.as_dict() == {
        "kind": "deal_started",
        "deal": 0,
        "postings": [{"kind": "ante", "legs": [["player:a", -1], ["pot", 1]]}],
    }
    assert Ruling("all_passed", {}).as_dict() == {"kind": "all_passed"}


def test_evolve_copies_and_changes_only_what_it_is_told() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B[:1])
    deal = state.deal
    assert isinstance(deal, DealState)
    changed = evolve(deal, ante=7)
    assert (changed.ante, deal.ante) == (7, 1)
    assert changed.seated == deal.seated
    assert changed.start == deal.carry_in + deal.antes + deal.fees


def test_a_sitting_nobody_joined_or_left_seats_every_player() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b"])
    assert state.seated is None
    assert state.at_table == ("a", "b")
    assert not state.closed
