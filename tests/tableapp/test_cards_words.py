# ruff: noqa: RUF001
"""Cards in the reader's letters (issue 39.10): shown, typed, read back."""

from __future__ import annotations

import pytest
from django.utils import translation

from app_common.cards import card_label, cards_example, cards_read

HAND = ["AS", "KS", "QH", "2D", "3C", "TH"]


@pytest.mark.parametrize(
    ("language", "labels", "typed"),
    [
        ("en", ["A♠", "K♠", "Q♥", "2♦", "3♣", "10♥"], "AS KS QH 2D 3C 10H"),
        ("fr", ["A♠", "R♠", "D♥", "2♦", "3♣", "10♥"], "AP RP DC 2K 3T 10C"),
        ("uk", ["Т♠", "К♠", "Д♥", "2♦", "3♣", "10♥"], "ТП КП ДЧ 2Б 3Т 10Ч"),
    ],
)
def test_a_hand_reads_and_types_in_the_readers_letters(
    language: str, labels: list[str], typed: str
) -> None:
    with translation.override(language):
        assert [card_label(c) for c in HAND] == labels
        assert cards_read(typed) == HAND
        assert cards_read(typed.lower()) == HAND  # as a phone's keyboard types it
        assert cards_read("A♠, R♠; q♥")[:1] == ["AS"]  # a suit's symbol, any language
        assert cards_example("AS", "KS", "QH", "2D", "3C").endswith(" ".join(typed.split()[:5]))


def test_the_engines_own_codes_read_on_a_french_page_unless_they_are_french_letters() -> None:
    """French C is cœur: an English club from the ace to the ten reads as a heart there
    (docs/decisions/0503); every other English code reads as typed, for the engine."""
    with translation.override("fr"):
        assert cards_read("KS QH 2D JC") == ["KS", "QH", "2D", "JC"]
        assert cards_read("AC") == ["AH"]
        assert cards_read("ZZ 1X") == ["ZZ", "1X"]  # for the engine to refuse, naming them
