"""`chips`: every chip amount stays within 2^53 - 1, the largest whole number a JavaScript
client holds exactly; the event that would cross it is refused, `chips_out_of_range`."""

from __future__ import annotations

from games.engine import rule_transcript
from games.engine.chips import MAX_CHIPS

from .helpers import PLAYERS, D, louisiana_deal, rejected, transcript


def test_the_bound_is_two_to_the_53_minus_one() -> None:
    assert MAX_CHIPS == 9_007_199_254_740_991


def test_an_ante_option_beyond_the_bound_is_refused_naming_the_field() -> None:
    error = rejected(transcript("louisiana", PLAYERS, [], ante=MAX_CHIPS + 1))
    assert error.rejection.code == "chips_out_of_range"
    assert error.rejection.field == "options.ante"


def test_a_deals_own_ante_beyond_the_bound_is_refused() -> None:
    error = rejected(louisiana_deal([], ante=10**30))
    assert (error.deal, error.rejection.code, error.rejection.field) == (
        0,
        "chips_out_of_range",
        "ante",
    )


def test_the_deal_whose_antes_would_carry_the_pot_beyond_the_bound_is_refused() -> None:
    ante = MAX_CHIPS // 3 + 1  # each ante within the bound, the three together not
    deal = {"dealer": "c", "trump": "2S", "actions": []}
    error = rejected(transcript("louisiana", PLAYERS, [deal], ante=ante))
    assert (error.deal, error.action, error.rejection.code) == (0, None, "chips_out_of_range")
    assert "the pot" in error.rejection.message


def test_amounts_up_to_the_bound_are_ruled_as_before() -> None:
    ante = MAX_CHIPS // 3
    passes = [D("a", False), D("b", False), D("c", False)]
    deal = {"dealer": "c", "trump": "2S", "actions": passes}
    ruling = rule_transcript(transcript("louisiana", PLAYERS, [deal], ante=ante))
    assert ruling["deals"][0]["pot"]["start"] == 3 * ante
