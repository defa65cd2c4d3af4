"""`state`: the referee's values. A ruling reads as its `bourre-ruling/1` entry; `evolve`
changes only what it is told; a sitting knows who is at the table; the fast constructors
make what the classes make."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from games.engine import Posting, Ruling, new_sitting
from games.engine.state import (
    DealState,
    Hand,
    Pending,
    Trick,
    evolve,
    new_deal,
    new_hand,
    new_pending,
    new_trick,
)

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


# The fast constructors (`new_deal`, `new_hand`, `new_trick`, `new_pending`) skip the frozen
# dataclasses' `__init__`: each must make what the class itself makes, field for field.
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


def test_new_deal_makes_what_the_class_makes() -> None:
    for given in (_DEAL, {**_DEAL, "stock": 31, "hands": {"a": Hand(frozenset({"AS"}), False)}}):
        made, reference = new_deal(**given), DealState(**given)
        assert type(made) is DealState
        assert made == reference
        assert list(vars(made)) == list(vars(reference))  # the fields' order too
    # The default mappings are fresh, as the class's factories make them.
    assert new_deal(**_DEAL).declared is not new_deal(**_DEAL).declared


def test_new_deal_refuses_what_the_class_refuses() -> None:
    missing = dict(_DEAL)
    del missing["antes"]
    for given in (missing, {**_DEAL, "antez": 1}):
        with pytest.raises(TypeError):
            DealState(**given)
        with pytest.raises(TypeError):
            new_deal(**given)


def test_the_other_fast_constructors_make_what_their_classes_make() -> None:
    known = frozenset({"AS", "KS"})
    assert new_hand(known, True) == Hand(known, True)
    made = Trick(number=2, leader="b", order=("b", "c", "a"))
    assert new_trick(2, "b", ("a", "b", "c")) == made
    assert vars(new_trick(2, "b", ("a", "b", "c"))) == vars(made)
    args = ("a", 1, "AS", 3, None, None, known, 5)
    assert new_pending(*args) == Pending(*args)
    assert vars(new_pending(*args)) == vars(Pending(*args))


def test_a_state_made_from_a_bare_instance_is_the_frozen_dataclasss_own() -> None:
    deal = new_deal(**_DEAL)
    copy = evolve(deal, ante=7)
    assert type(copy) is DealState
    assert copy == DealState(**{**_DEAL, "ante": 7})
    assert vars(copy) == vars(DealState(**{**_DEAL, "ante": 7}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.ante = 8  # type: ignore[misc]
    assert deal.ante == _DEAL["ante"]  # the copy's dict is its own
