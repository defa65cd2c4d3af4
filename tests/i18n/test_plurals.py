# ruff: noqa: RUF001, RUF002  (Ukrainian words are Cyrillic on purpose)
"""Counts of tricks and chips in each language's plural forms: French has two (0 and 1
singular), Ukrainian three (1 хабар, 2 хабарі, 5 хабарів, 21 хабар)."""

from __future__ import annotations

import pytest
from django.utils import translation

from app_common.words import action_words, chips_words, ruling_words, tricks_words

COUNTS = (1, 2, 5, 21)


@pytest.mark.parametrize(
    ("language", "tricks", "chips"),
    [
        ("en", ["1 trick", "2 tricks", "5 tricks", "21 tricks"],
               ["1 chip", "2 chips", "5 chips", "21 chips"]),
        ("fr", ["1 pli", "2 plis", "5 plis", "21 plis"],
               ["1 jeton", "2 jetons", "5 jetons", "21 jetons"]),
        ("uk", ["1 хабар", "2 хабарі", "5 хабарів", "21 хабар"],
               ["1 фішка", "2 фішки", "5 фішок", "21 фішка"]),
    ],
)  # fmt: skip
def test_trick_and_chip_counts(language: str, tricks: list[str], chips: list[str]) -> None:
    with translation.override(language):
        assert [tricks_words(n) for n in COUNTS] == tricks
        assert [chips_words(n) for n in COUNTS] == chips


def test_french_says_zero_in_the_singular() -> None:
    with translation.override("fr"):
        assert tricks_words(0) == "0 pli"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["cy is bourré (no trick): pays 1 into the next pot",
                "cy is bourré (no trick): pays 21 into the next pot"]),
        ("fr", ["cy est bourré (aucun pli)\u00a0: verse 1 jeton au prochain pot",
                "cy est bourré (aucun pli)\u00a0: verse 21 jetons au prochain pot"]),
        ("uk", ["cy — буре (жодного хабара): платить 1 фішку до наступного банку",
                "cy — буре (жодного хабара): платить 21 фішку до наступного банку"]),
    ],
)  # fmt: skip
def test_a_bourre_in_words(language: str, expected: list[str]) -> None:
    with translation.override(language):
        said = [ruling_words({"kind": "bourre", "player": "cy", "amount": n}) for n in (1, 21)]
    assert said == expected


def test_the_pot_won_in_ukrainian_counts_the_chips() -> None:
    with translation.override("uk"):
        said = [ruling_words({"kind": "pot_won", "player": "ana", "amount": n}) for n in COUNTS]
    assert said == [
        "ana забирає банк: 1 фішка",
        "ana забирає банк: 2 фішки",
        "ana забирає банк: 5 фішок",
        "ana забирає банк: 21 фішка",
    ]


def test_a_renege_in_words_in_three_languages() -> None:
    ruling = {
        "kind": "renege", "player": "cy", "trick": 3, "card": "6C",
        "obligation": "follow_suit", "proven_at": 1, "amount": 4,
    }  # fmt: skip
    actions = [{"player": "ana", "play": "QH"}, {"player": "cy", "play": "9H"}]
    said = {}
    for language in ("en", "fr", "uk"):
        with translation.override(language):
            said[language] = ruling_words(ruling, actions)
    assert said == {
        "en": "cy reneged in trick 3 with the 6♣: could follow suit, "
        "proven when cy showed the 9♥; pays 4 into the next pot",
        "fr": "cy a fait une renonce au pli 3 avec le 6♣\u00a0: pouvait fournir, "
        "prouvée quand cy a montré le 9♥\u00a0; verse 4 jetons au prochain pot",
        "uk": "cy: порушення в хабарі 3, карта 6♣: була змога ходити в масть, "
        "доведено ходом cy: 9♥; платить 4 фішки до наступного банку",
    }


def test_an_exchange_counts_the_cards() -> None:
    with translation.override("uk"):
        said = [action_words({"player": "ben", "exchange": n}) for n in (1, 2, 5)]
    assert said == [
        "ben бере прикуп: 1 карта",
        "ben бере прикуп: 2 карти",
        "ben бере прикуп: 5 карт",
    ]
