"""Settlement per variant: who takes the pot, what carries, who pays what next deal."""

from __future__ import annotations

from games.engine.variants import DealFacts, get_variant

ORDER = ("a", "b", "c", "d")


def facts(won: dict[str, int], pot: int = 10, offenders: tuple[str, ...] = ()) -> DealFacts:
    return DealFacts(
        order=tuple(p for p in ORDER if p in won), tricks_won=won, offenders=offenders, pot=pot
    )


def settle(
    variant: str, won: dict[str, int], pot: int = 10, offenders: tuple[str, ...] = (), **options
):
    v = get_variant(variant)
    opts = v.check_options(options, ORDER)
    return v.settle(facts(won, pot, offenders), opts)


# -- louisiana -------------------------------------------------------------------


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


# -- ukrainian -------------------------------------------------------------------


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


# -- occitan ---------------------------------------------------------------------


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


# -- comtadine -------------------------------------------------------------------


def test_comtadine_most_tricks_wins_and_bourru_antes_double() -> None:
    s = settle("comtadine", {"a": 2, "b": 1, "c": 0}, pot=6)
    assert s.payouts == {"a": 6}
    assert s.double == ("c",)
    assert s.penalties == {}


def test_comtadine_tie_or_no_trick_keeps_the_pot() -> None:
    s = settle("comtadine", {"a": 2, "b": 2, "c": 1}, pot=6)
    assert s.rulings[0] == {"kind": "pot_carried", "amount": 6, "tied": ["a", "b"]}
    assert s.payouts == {}


def test_comtadine_offender_cannot_win_and_antes_double() -> None:
    s = settle("comtadine", {"a": 3, "b": 1, "c": 1}, offenders=("a",))
    assert s.double == ("a",)
    assert s.rulings[0]["kind"] == "pot_carried"


def test_comtadine_double_ante_applies_next_deal() -> None:
    v = get_variant("comtadine")
    assert v.ante_due("c", 2, (), ("c",)) == 4
    assert v.ante_due("a", 2, (), ("c",)) == 2
