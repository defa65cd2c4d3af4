"""Cards as people read them: `TS` is 10♠, hearts and diamonds are red."""

from __future__ import annotations

from games.engine.variants import get_variant

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER = "SHDC"


def card_label(card: str) -> str:
    rank, suit = card[:-1], card[-1]
    return f"{'10' if rank == 'T' else rank}{SUITS.get(suit, suit)}"


RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_name(card: str) -> str:
    """`QH` is "queen of hearts" (what a screen reader says)."""
    rank, suit = card[:-1], card[-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES.get(suit, suit)}"


def is_red(card: str) -> bool:
    return card[-1] in "HD"


def deck_rows(variant: str) -> list[list[str]]:
    """The variant's deck (52 or 32 cards), one row per suit, high cards first."""
    v = get_variant(variant)
    return [[rank + suit for rank in v.ranks if rank + suit in v.deck] for suit in SUIT_ORDER]
