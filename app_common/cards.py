# ruff: noqa: RUF003
"""Cards as people read and write them, in their language: the engine's `QH` is Q♥ in
English, D♥ in French (dame), Д♥ in Ukrainian (дама); `TS` is 10♠ everywhere; hearts and
diamonds are red. A hand typed in the reader's letters ("RP DC 2K" in French) is read
back into the engine's codes (`cards_read`)."""

from __future__ import annotations

import re

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER = "SHDC"

#: A court card's letter as the corner of a card shows it, in the reader's language
#: (French R D V: roi, dame, valet; Ukrainian Т К Д В: туз, король, дама, валет).
RANK_LETTERS: dict[str, Promise] = {
    "A": pgettext_lazy("a card's corner letter: ace", "A"),
    "K": pgettext_lazy("a card's corner letter: king", "K"),
    "Q": pgettext_lazy("a card's corner letter: queen", "Q"),
    "J": pgettext_lazy("a card's corner letter: jack", "J"),
}
#: A suit's letter, as a scorekeeper types a hand in their language (French bridge's P C K
#: T: pique, cœur, carreau, trèfle; Ukrainian П Ч Б Т: пік, чирв, бубон, треф).
SUIT_LETTERS: dict[str, Promise] = {
    "S": pgettext_lazy("a suit's letter, typed in a hand: spades", "S"),
    "H": pgettext_lazy("a suit's letter, typed in a hand: hearts", "H"),
    "D": pgettext_lazy("a suit's letter, typed in a hand: diamonds", "D"),
    "C": pgettext_lazy("a suit's letter, typed in a hand: clubs", "C"),
}


def _rank(rank: str) -> str:
    if rank == "T":
        return "10"
    return str(RANK_LETTERS[rank]) if rank in RANK_LETTERS else rank


def card_label(card: str) -> str:
    """`QH` as the reader's card shows it: Q♥, D♥, Д♥."""
    rank, suit = card[:-1], card[-1]
    return f"{_rank(rank)}{SUITS.get(suit, suit)}"


def card_typed(card: str) -> str:
    """`QH` as the reader types it: QH, DC (dame de cœur), ДЧ."""
    rank, suit = card[:-1], card[-1]
    return f"{_rank(rank)}{SUIT_LETTERS.get(suit, suit)}"


def cards_example(*cards: str) -> str:
    """A field's example of cards, in the reader's letters: "e.g. AP RP DC"."""
    return _("e.g. %(cards)s") % {"cards": " ".join(card_typed(c) for c in cards)}


def _letters() -> tuple[dict[str, str], dict[str, str]]:
    """The reader's rank and suit letters -> the engine's (upper case)."""
    ranks = {str(letter).upper(): rank for rank, letter in RANK_LETTERS.items()}
    ranks.update({str(n): str(n) for n in range(2, 10)} | {"10": "T"})
    ranks.setdefault("T", "T")  # the engine's ten, unless a letter of the reader's
    suits = {str(letter).upper(): suit for suit, letter in SUIT_LETTERS.items()}
    return ranks, suits


def card_read(token: str) -> str:
    """One card as typed, in the reader's letters, or with a suit's symbol (then the
    engine's rank letters too: "K♠" on any page), as the engine's code; anything else is
    given back as typed (upper case), for the engine to accept as its own code or refuse,
    naming it."""
    typed = token.strip().replace("\ufe0f", "").upper()
    ranks, suits = _letters()
    for suit, symbol in SUITS.items():
        rank = typed.removesuffix(symbol)
        if rank != typed and (rank in ranks or (len(rank) == 1 and rank in "AKQJT")):
            return ranks.get(rank, rank) + suit
    for suit_letter, suit in suits.items():
        if typed.endswith(suit_letter) and typed[: -len(suit_letter)] in ranks:
            return ranks[typed[: -len(suit_letter)]] + suit
    return typed


def cards_read(text: str) -> list[str]:
    """A typed list of cards (spaces, commas or semicolons between) as engine codes."""
    return [card_read(c) for c in re.split(r"[\s,;]+", text.strip()) if c]


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
