"""Cards as canonical two-character strings (rank + suit: ``TS``, ``QH``).

Strings keep the engine fast, hashable and JSON-ready. Input is forgiving
(``10`` for ``T``, suit symbols, lower case); everything inside is canonical.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import Rejection, gettext_noop

SUITS = "SHDC"
_SUIT_ALIASES = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

#: Ranks from high to low.
RANKS_52 = "AKQJT98765432"
#: The 32-card French games rank the king highest and the ace between jack and ten.
RANKS_32 = "KQJAT987"


def deck_of(ranks: str) -> frozenset[str]:
    return frozenset(r + s for r in ranks for s in SUITS)


def strength_of(ranks: str) -> Mapping[str, int]:
    """Card -> strength within its suit (higher beats lower)."""
    top = len(ranks)
    return {r + s: top - i for i, r in enumerate(ranks) for s in SUITS}


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> str:
    return card[0]


def parse_card(text: object, deck: frozenset[str], *, field: str = "card") -> str:
    """Canonical form of a card written by a person or an app, checked against `deck`."""
    if isinstance(text, str) and text in deck:  # already canonical: the common case
        return text
    if not isinstance(text, str):  # a list or an object is no card either (nor hashable)
        raise Rejection(
            "invalid_card",
            gettext_noop("%(field)s: a card is a string such as 'TS', got %(text)r"),
            field=field,
            params={"field": field, "text": text},
        )
    raw = text.strip()
    if len(raw) < 2:
        raise Rejection(
            "card_not_in_deck",
            gettext_noop("%(field)s: %(text)r is not a card"),
            field=field,
            params={"field": field, "text": text},
        )
    rank_part, suit_part = raw[:-1].upper(), raw[-1]
    suit_part = _SUIT_ALIASES.get(suit_part, suit_part.upper())
    if rank_part == "10":
        rank_part = "T"
    card = rank_part + suit_part
    if card not in deck:
        raise Rejection(
            "card_not_in_deck",
            gettext_noop("%(field)s: %(text)r is not a card of this deck"),
            field=field,
            params={"field": field, "text": text},
        )
    return card
