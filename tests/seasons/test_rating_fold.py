"""How a settled deal ranks its players for the rating (docs/ratings.md): pure, no database."""

from __future__ import annotations

from seasons.rating_fold import deal_ranks


def _summary(active, tricks, *rulings):
    return {"active": active, "tricks_won": tricks, "rulings": list(rulings)}


def test_the_pot_s_taker_first_then_by_tricks_the_bourre_last() -> None:
    ranks = deal_ranks(
        _summary(
            ["a", "b", "c", "d"],
            {"a": 3, "b": 2, "c": 0, "d": 0},
            {"kind": "pot_won", "player": "a", "amount": 12},
            {"kind": "bourre", "player": "d", "amount": 5},
        )
    )
    assert ranks == {"a": 1, "b": 2, "c": 3, "d": 4}


def test_equal_tricks_tie_and_a_carried_pot_has_no_taker() -> None:
    # louisiana-02's first deal: a and b tie on two tricks, the pot is carried, d bourré.
    ranks = deal_ranks(
        _summary(
            ["a", "b", "c", "d"],
            {"a": 2, "b": 2, "c": 1, "d": 0},
            {"kind": "pot_carried", "amount": 5, "tied": ["a", "b"]},
            {"kind": "bourre", "player": "d", "amount": 5},
        )
    )
    assert ranks == {"a": 1, "b": 1, "c": 2, "d": 3}


def test_a_split_or_shared_pot_puts_every_taker_first_a_renege_last() -> None:
    split = deal_ranks(
        _summary(
            ["p1", "p2", "p3", "p4"],
            {"p1": 2, "p2": 2, "p3": 1, "p4": 0},
            {"kind": "pot_split", "players": ["p1", "p2"], "each": 4},
            {"kind": "renege", "player": "p3"},
        )
    )
    assert split == {"p1": 1, "p2": 1, "p4": 2, "p3": 3}
    shared = deal_ranks(
        _summary(
            ["x", "y", "z"],
            {"x": 3, "y": 2, "z": 0},
            {"kind": "pot_shared", "shares": {"x": 6, "y": 3, "z": 0}},
        )
    )
    assert shared == {"x": 1, "y": 1, "z": 2}


def test_passers_are_not_rated_nor_a_deal_one_played_alone() -> None:
    ranks = deal_ranks(
        _summary(["a", "c"], {"a": 4, "c": 1}, {"kind": "pot_won", "player": "a", "amount": 9})
    )
    assert ranks == {"a": 1, "c": 2}  # b and d passed: not there at all
    assert deal_ranks(_summary(["c"], {}, {"kind": "lone_player", "player": "c"})) is None
    assert deal_ranks(_summary([], {}, {"kind": "all_passed"})) is None
