"""The reference referee's cards and play obligations, from RULES.md alone: decks and
rankings, seat order, who wins a trick, and which obligation a card breaks given a hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SUITS = "SHDC"
RANKS_52 = "23456789TJQKA"  # low to high
RANKS_32 = "789TAJQK"  # low to high: K Q J A T 9 8 7
TRICK_VARIANTS = ("louisiana", "ukrainian", "occitan")
LIMITS = {"louisiana": (2, 8), "ukrainian": (2, 7), "occitan": (3, 4), "comtadine": (2, 5)}


class Refused(Exception):
    def __init__(self, deal: int | None, action: int | None, why: str) -> None:
        super().__init__(f"deal {deal} action {action}: {why}")
        self.deal, self.action, self.why = deal, action, why


def norm(text: Any, deck: list[str]) -> str | None:
    if not isinstance(text, str):
        return None
    t = text.strip().upper().replace("10", "T")
    for a, b in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        t = t.replace(a, b)
    return t if t in deck else None


@dataclass
class Variant:
    name: str
    ranks: str
    trumps: bool

    @property
    def deck(self) -> list[str]:
        return [r + s for s in SUITS for r in self.ranks]

    def rank(self, card: str) -> int:
        return self.ranks.index(card[0])


def variant_of(name: str) -> Variant:
    if name in ("louisiana", "ukrainian"):
        return Variant(name, RANKS_52, True)
    return Variant(name, RANKS_32, False)


def clockwise_from(order: list[str], start: str, among: list[str]) -> list[str]:
    """`among` in seat order starting with the seat after `start` (`start` last)."""
    i = order.index(start)
    rotated = order[i + 1 :] + order[: i + 1]
    return [p for p in rotated if p in among]


# ------------------------------------------------------------------ obligations
def louisiana_check(
    hand: set[str], card: str, trick: list[tuple[str, str]], trump: str, v: Variant,
    cinch: bool, won: int, played: set[str], last: bool,
) -> str | None:  # fmt: skip
    """The obligation `card` breaks given `hand` (which holds `card`), or None."""

    def is_trump(c: str) -> bool:
        return c[1] == trump

    def has_cinch() -> bool:
        sure = 0
        for r in reversed(v.ranks):
            c = r + trump
            if c in played:
                continue
            if c in hand:
                sure += 1
            else:
                break
        return won + sure >= 3

    trumps = sorted((c for c in hand if is_trump(c)), key=v.rank)
    if not trick:
        if cinch and trumps and has_cinch() and card != trumps[-1]:
            return "cinch"
        return None
    led = trick[0][1][1]
    follow = [c for c in hand if c[1] == led]
    trumped = led != trump and any(is_trump(c) for _, c in trick)
    best_led = max((v.rank(c) for _, c in trick if c[1] == led), default=-1)
    best_trump = max((v.rank(c) for _, c in trick if is_trump(c)), default=-1)
    if follow:
        if card[1] != led:
            return "follow_suit"
        if led == trump:
            beaters = [c for c in follow if v.rank(c) > best_trump]
        else:
            beaters = [] if trumped else [c for c in follow if v.rank(c) > best_led]
        if beaters and card not in beaters:
            return "head_trick"
        allowed = beaters or follow
    elif trumps:
        if not is_trump(card):
            return "trump"
        beaters = [c for c in trumps if v.rank(c) > best_trump]
        if beaters and card not in beaters:
            return "overtrump"
        allowed = beaters or trumps
    else:
        return None
    if (
        cinch
        and not last
        and any(is_trump(c) for c in allowed)
        and has_cinch()
        and card != trumps[-1]
    ):
        return "cinch"
    return None


def ukrainian_check(
    hand: set[str], card: str, trick: list[tuple[str, str]], trump: str, v: Variant
) -> str | None:
    trumps = sorted((c for c in hand if c[1] == trump), key=v.rank)
    if not trick:
        if any(r + trump in hand for r in "AKQ") and card != trumps[-1]:
            return "lead_high_trump"
        return None
    led = trick[0][1][1]
    follow = [c for c in hand if c[1] == led]
    trumped = led != trump and any(c[1] == trump for _, c in trick)
    best_led = max((v.rank(c) for _, c in trick if c[1] == led), default=-1)
    best_trump = max((v.rank(c) for _, c in trick if c[1] == trump), default=-1)
    if follow:
        if card[1] != led:
            return "follow_suit"
        best = best_trump if led == trump else best_led
        beaters = [] if trumped else [c for c in follow if v.rank(c) > best]
        if beaters and card not in beaters:
            return "head_trick"
        return None
    if trumps:
        if card[1] != trump:
            return "trump"
        beaters = [c for c in trumps if v.rank(c) > best_trump]
        if beaters and card not in beaters:
            return "overtrump"
    return None


def occitan_check(hand: set[str], card: str, trick: list[tuple[str, str]]) -> str | None:
    if trick and card[1] != trick[0][1][1] and any(c[1] == trick[0][1][1] for c in hand):
        return "follow_suit"
    return None


def trick_winner(cards: list[tuple[str, str]], trump: str | None, v: Variant) -> str:
    led = cards[0][1][1]
    trumps = [(p, c) for p, c in cards if c[1] == trump]
    pool = trumps or [(p, c) for p, c in cards if c[1] == led]
    return max(pool, key=lambda pc: v.rank(pc[1]))[0]
