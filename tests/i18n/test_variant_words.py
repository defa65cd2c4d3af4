# ruff: noqa: RUF001, RUF002  (Ukrainian words are Cyrillic on purpose)
"""The word for a player without a trick follows the variant: *bourru* for the 32-card
variants (occitan, comtadine: seed 000) and *bourré* for louisiana and ukrainian (seed
004), in English and French; Ukrainian has one word, буре (docs/glossary.md). The
seat's chips on the table screen take each language's plural forms."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from app_common.labels import ruling_kind_words
from app_common.words import ruling_words
from table_stream import RULING_KINDS
from tests.i18n.english import english_left

BOURRE = {"kind": "bourre", "player": "cy", "amount": 4}
NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "variant", "said"),
    [
        ("fr", "occitan", f"cy est bourru (aucun pli){NBSP}: verse 4 jetons au prochain pot"),
        ("fr", "comtadine", f"cy est bourru (aucun pli){NBSP}: verse 4 jetons au prochain pot"),
        ("fr", "louisiana", f"cy est bourré (aucun pli){NBSP}: verse 4 jetons au prochain pot"),
        ("fr", "ukrainian", f"cy est bourré (aucun pli){NBSP}: verse 4 jetons au prochain pot"),
        ("en", "occitan", "cy is bourru (no trick): pays 4 into the next pot"),
        ("en", "louisiana", "cy is bourré (no trick): pays 4 into the next pot"),
        ("uk", "occitan", "cy — буре (жодного хабара): платить 4 фішки до наступного банку"),
    ],
)
def test_bourru_for_the_32_card_variants(language: str, variant: str, said: str) -> None:
    with translation.override(language):
        assert ruling_words(BOURRE, variant=variant) == said


def test_the_audit_s_ruling_column_says_it_too() -> None:
    with translation.override("fr"):
        assert ruling_kind_words("bourre", "comtadine") == "bourru"
        assert ruling_kind_words("bourre", "louisiana") == "bourré"


SEAT = Template(
    "{% load i18n %}{% blocktranslate count n=size with balance=balance %}"
    "{{ balance }} chip{% plural %}{{ balance }} chips{% endblocktranslate %}"
)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", ["1 jeton", "2 jetons", "5 jetons", "21 jetons", "-2 jetons"]),
        ("uk", ["1 фішка", "2 фішки", "5 фішок", "21 фішка", "-2 фішки"]),
    ],
)
def test_a_seat_s_balance_in_chips(language: str, said: list[str]) -> None:
    """The table screen's seat (tableapp/_table.html): the count is the balance's size."""
    with translation.override(language):
        shown = [SEAT.render(Context({"size": abs(n), "balance": n})) for n in (1, 2, 5, 21, -2)]
    assert shown == said


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_every_ruling_kind_is_said_in_words(language: str) -> None:
    """No ruling falls back to its machine name ("exchange fee: player ana, amount 1")."""
    sample = {"player": "ana", "amount": 1, "trick": 2, "card": "TS", "winner": "ben", "deal": 0,
              "players": ["ana", "ben"], "each": 1, "left": 0, "shares": {"ana": 1}}  # fmt: skip
    with translation.override(language):
        for kind in sorted(RULING_KINDS):
            said = ruling_words({"kind": kind, **sample})
            assert not said.startswith(kind.replace("_", " ")), said
            assert english_left(said, language) == [], said
