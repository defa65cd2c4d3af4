"""A held-out case may word its reason otherwise than the cases we were shown: the words of
RULES.md's "Rejected" list still find the codes that answer them, and words we cannot
place leave only the refusal's place to check."""

from __future__ import annotations

import pytest

from games.engine.refusals import REFUSAL_CODES
from tests.conformance.reasons import (
    REASON_CODES,
    REASON_WORDS,
    answers,
    expected_player,
    reason_codes,
)


def case(reason: str) -> dict[str, object]:
    return {"name": "held-out", "rejected": {"deal": 0, "action": 3, "reason": reason}}


@pytest.mark.parametrize(
    ("reason", "code"),
    [
        ("out of turn: expected b", "out_of_turn"),
        ("acting out of turn", "out_of_turn"),
        ("not cy's turn", "out_of_turn"),
        ("a card not in the deck", "card_not_in_deck"),
        ("card already seen elsewhere this deal", "card_seen_elsewhere"),
        ("card already played", "card_already_played"),
        ("the same card played twice", "card_already_played"),
        ("a card that contradicts a logged hand", "contradicts_logged_hand"),
        ("a passer playing", "player_passed"),
        ("a sixth card", "sixth_card"),
        ("an exchange above the limit", "exchange_limit"),
        ("exchanging more than the limit", "exchange_limit"),
        ("dealer must play on trump ace", "dealer_must_play"),
        ("a join during a deal", "deal_in_progress"),
        ("a sitting cannot be closed during a deal", "deal_in_progress"),
        ("comtadine: must climb", "must_climb"),
        ("a card that does not beat the trick", "must_climb"),
        ("the dealer cannot pass on the trump ace", "dealer_must_play"),
        ("too many cards exchanged", "exchange_limit"),
        ("a passer cannot play", "player_passed"),
        ("nobody leaves during a deal", "deal_in_progress"),
    ],
)
def test_the_rules_words_find_the_code(reason: str, code: str) -> None:
    assert answers(case(reason), code)
    assert not answers(case(reason), "stock_exhausted")


def test_every_code_named_is_one_the_engine_has() -> None:
    named = set(REASON_CODES.values()).union(*(codes for _, codes in REASON_WORDS))
    assert named <= set(REFUSAL_CODES)


def test_words_we_cannot_place_check_only_the_place() -> None:
    assert reason_codes(case("the referee would not have it")) is None
    assert answers(case("the referee would not have it"), "out_of_turn")


def test_an_out_of_turn_reason_names_whose_turn_it_was() -> None:
    assert expected_player(case("out of turn: expected b")) == "b"
    assert expected_player(case("out of turn (expected: dee)")) == "dee"
    assert expected_player(case("card already played")) is None
