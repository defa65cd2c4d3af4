"""Cards as people read them: `TS` is 10♠, hearts and diamonds are red."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.engine.variants import get_variant

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER = "SHDC"


def card_label(card: str) -> str:
    rank, suit = card[:-1], card[-1]
    return f"{'10' if rank == 'T' else rank}{SUITS.get(suit, suit)}"


RANK_NAMES = {
    "A": pgettext_lazy("a card's rank", "ace"),
    "K": pgettext_lazy("a card's rank", "king"),
    "Q": pgettext_lazy("a card's rank", "queen"),
    "J": pgettext_lazy("a card's rank", "jack"),
    "T": pgettext_lazy("a card's rank", "ten"),
}
# The suit as it follows a rank ("queen of hearts"): Ukrainian says it in the genitive
# plural (дама чирв), French after "de" (dame de cœur).
SUIT_NAMES = {
    "S": pgettext_lazy("a suit, after a rank: queen of ...", "spades"),
    "H": pgettext_lazy("a suit, after a rank: queen of ...", "hearts"),
    "D": pgettext_lazy("a suit, after a rank: queen of ...", "diamonds"),
    "C": pgettext_lazy("a suit, after a rank: queen of ...", "clubs"),
}


def card_name(card: str) -> str:
    """`QH` is "queen of hearts" (what a screen reader says)."""
    rank, suit = card[:-1], card[-1]
    return _("%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES.get(rank, rank),
        "suit": SUIT_NAMES.get(suit, suit),
    }


def is_red(card: str) -> bool:
    return card[-1] in "HD"


def deck_rows(variant: str) -> list[list[str]]:
    """The variant's deck (52 or 32 cards), one row per suit, high cards first."""
    v = get_variant(variant)
    return [[rank + suit for rank in v.ranks if rank + suit in v.deck] for suit in SUIT_ORDER]
