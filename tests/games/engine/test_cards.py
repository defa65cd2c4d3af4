from __future__ import annotations

import pytest

from games.engine.cards import RANKS_32, RANKS_52, deck_of, parse_card, strength_of
from games.engine.errors import Rejection

DECK52 = deck_of(RANKS_52)
DECK32 = deck_of(RANKS_32)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("TS", "TS"),
        ("10s", "TS"),
        ("10♠", "TS"),
        ("qh", "QH"),
        (" 2♣ ", "2C"),
        ("A♦", "AD"),
        ("k♥", "KH"),
    ],
)
def test_cards_are_read_forgivingly_and_kept_canonical(text: str, card: str) -> None:
    assert parse_card(text, DECK52) == card


@pytest.mark.parametrize("text", ["1S", "ZZ", "T", "", "11H", "AX"])
def test_a_card_not_in_the_deck_is_refused(text: str) -> None:
    with pytest.raises(Rejection) as caught:
        parse_card(text, DECK52)
    assert caught.value.code == "card_not_in_deck"


def test_the_32_card_deck_has_no_sixes_and_ranks_the_king_highest() -> None:
    assert len(DECK32) == 32
    assert len(DECK52) == 52
    with pytest.raises(Rejection):
        parse_card("6H", DECK32)
    strength = strength_of(RANKS_32)
    assert (
        strength["KH"]
        > strength["QH"]
        > strength["JH"]
        > strength["AH"]
        > strength["TH"]
        > strength["7H"]
    )


@pytest.mark.parametrize("value", [5, None, ["TS"]])
def test_a_card_that_is_not_text_is_refused_naming_the_field(value: object) -> None:
    with pytest.raises(Rejection) as caught:
        parse_card(value, DECK52, field="play")
    assert (caught.value.code, caught.value.field) == ("invalid_card", "play")
