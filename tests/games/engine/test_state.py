"""`state`: the referee's values. A ruling reads as its `bourre-ruling/1` entry; `evolve`
changes only what it is told, as `dataclasses.replace` would; a sitting knows who is at
the table; a new trick's players are in turn from its leader."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from games.engine import Posting, Ruling, new_sitting
from games.engine.state import DealState, Pending, Trick, evolve, new_trick

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


def test_new_trick_has_its_players_in_turn_from_its_leader() -> None:
    trick = new_trick(2, "b", ("a", "b", "c"))
    assert trick == Trick(number=2, leader="b", order=("b", "c", "a"))
    assert (trick.cards, trick.winner, trick.best) == ((), None, 0)


# `evolve` skips the frozen dataclasses' `__init__`: what it makes must be what
# `dataclasses.replace` makes, field for field.
_DEAL: dict[str, Any] = {
    "index": 0,
    "dealer": "a",
    "ante": 1,
    "seated": ("a", "b"),
    "order": ("b", "a"),
    "trump_card": "AS",
    "trump_suit": "S",
    "max_exchange": 5,
    "exchange_fee": 0,
    "carry_in": 0,
    "antes": 2,
}


def test_evolve_makes_what_dataclasses_replace_makes() -> None:
    deal = DealState(**_DEAL)
    copy = evolve(deal, ante=7, stock=31)
    reference = dataclasses.replace(deal, ante=7, stock=31)
    assert type(copy) is DealState
    assert copy == reference
    assert vars(copy) == vars(reference)
    assert list(vars(copy)) == list(vars(reference))  # the fields' order too
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.ante = 8  # type: ignore[misc]
    assert deal.ante == _DEAL["ante"]  # the copy's dict is its own
    assert vars(copy) is not vars(deal)
    known = frozenset({"AS", "KS"})
    pending = Pending("a", 1, "AS", 3, None, None, known, 5)
    assert evolve(pending, known=known | {"QS"}) == dataclasses.replace(
        pending, known=known | {"QS"}
    )
