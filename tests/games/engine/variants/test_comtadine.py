"""`variants/comtadine`: La Bourre comtadine (RULES.md §4): exchanges of up to two cards,
most tricks wins, a tie or no trick carries, the bourru antes double, a fixed number of deals."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Rejection, new_sitting, rule_transcript
from games.engine.variants import get_variant
from tests.games.engine.helpers import (
    PLAYERS,
    P,
    rejected,
    settle,
    transcript,
)

# -- settlement ------------------------------------------------------------------


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


# -- whole deals -----------------------------------------------------------------


def test_comtadine_exchanges_at_most_two_cards() -> None:
    doc = transcript(
        "comtadine", PLAYERS, [{"dealer": "c", "actions": [{"player": "a", "exchange": 3}]}]
    )
    assert rejected(doc).rejection.code == "exchange_limit"


def test_the_sitting_ends_after_the_agreed_number_of_deals() -> None:
    hands = {"a": ["KH", "KS", "KD", "KC", "QH"], "b": ["7H", "7S", "7D", "7C", "8H"]}
    play = [
        x
        for c in ["KH", "KS", "KD", "KC", "QH"]
        for x in (P("a", c), {"player": "b", "pass_turn": True})
    ]
    deals: list[dict[str, Any]] = [
        {"dealer": "b", "hands": hands, "actions": play},
        {"dealer": "a", "actions": []},
    ]
    doc = {**transcript("comtadine", ["a", "b"], deals), "options": {"deals": 1}}
    error = rejected(doc)
    assert (error.deal, error.action, error.rejection.code) == (1, None, "sitting_over")
    assert len(rule_transcript({**doc, "deals": deals[:1]})["deals"]) == 1


def test_up_to_five_players_sit_at_a_comtadine_table() -> None:
    assert len(new_sitting(variant="comtadine", players=list("abcde")).players) == 5
    with pytest.raises(Rejection) as caught:
        new_sitting(variant="comtadine", players=list("abcdef"))
    assert caught.value.code == "player_count"


@pytest.mark.parametrize(
    ("options", "field"), [({"deals": 0}, "options.deals"), ({"exchange": 1}, "options.exchange")]
)
def test_comtadine_options_are_checked(options: dict[str, Any], field: str) -> None:
    with pytest.raises(Rejection) as caught:
        new_sitting(variant="comtadine", players=["a", "b"], options=options)
    assert caught.value.field == field
