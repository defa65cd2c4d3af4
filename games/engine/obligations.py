"""Play obligations of the trick-taking variants, each refusal with its reason.

`legal_plays` is the single source of truth: the referee judges a play by asking
whether the card is among the allowed ones for the hand held, and table apps show
the same answer. The reasons are the obligation names used in renege rulings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .state import PlayContext

FOLLOW_SUIT = "follow_suit"
TRUMP = "trump"
HEAD_TRICK = "head_trick"
OVERTRUMP = "overtrump"
CINCH = "cinch"
LEAD_HIGH_TRUMP = "lead_high_trump"
CLIMB = "climb"


@dataclass(frozen=True, slots=True)
class TrickRules:
    strength: Mapping[str, int]
    ranks: str  # high to low, for counting sure tricks
    trump: str | None  # trump suit
    must_head: bool  # beat the best card so far when able
    must_trump: bool  # trump when void in the led suit
    cinch: bool  # louisiana's cinch
    lead_high_trump: bool  # ukrainian: holding A, K or Q of trumps, lead the highest trump


def sure_tricks(hand: Iterable[str], trump: str, ranks: str, played: frozenset[str]) -> int:
    """Top trumps not yet played that the hand holds, counting down from the top."""
    held = set(hand)
    count = 0
    for r in ranks:
        card = r + trump
        if card in played:
            continue
        if card not in held:
            break
        count += 1
    return count


def has_cinch(rules: TrickRules, hand: Iterable[str], ctx: PlayContext) -> bool:
    return _has_cinch(rules, hand, ctx.tricks_won, ctx.played)


def _has_cinch(
    rules: TrickRules, hand: Iterable[str], tricks_won: int, played: frozenset[str]
) -> bool:
    if rules.trump is None:
        return False
    return tricks_won + sure_tricks(hand, rules.trump, rules.ranks, played) >= 3


def legal_plays(
    rules: TrickRules, ctx: PlayContext, hand: Iterable[str]
) -> tuple[frozenset[str], dict[str, str]]:
    """The cards of `hand` allowed now, and for every other card the obligation it breaks."""
    cards = tuple(hand)
    strength = rules.strength
    trump = rules.trump
    refused: dict[str, str] = {}
    if ctx.led is None:
        return _lead(rules, ctx, cards, refused)
    follow = [c for c in cards if c[1] == ctx.led]
    candidates: list[str]
    if follow:
        candidates = follow
        for c in cards:
            if c[1] != ctx.led:
                refused[c] = FOLLOW_SUIT
        if rules.must_head and not ctx.trumped and ctx.best is not None:
            candidates = _must_beat(follow, strength[ctx.best], strength, refused, HEAD_TRICK)
    elif trump is not None and rules.must_trump and any(c[1] == trump for c in cards):
        candidates = [c for c in cards if c[1] == trump]
        for c in cards:
            if c[1] != trump:
                refused[c] = TRUMP
        if rules.must_head and ctx.trumped and ctx.best is not None:
            candidates = _must_beat(candidates, strength[ctx.best], strength, refused, OVERTRUMP)
    else:
        candidates = list(cards)
    if rules.cinch and not ctx.is_last and trump is not None:
        trumps = [c for c in candidates if c[1] == trump]
        if trumps and has_cinch(rules, cards, ctx):
            top = max(trumps, key=strength.__getitem__)
            for c in candidates:
                if c != top:
                    refused[c] = CINCH
            candidates = [top]
    return frozenset(candidates), refused


def _must_beat(
    cards: list[str],
    to_beat: int,
    strength: Mapping[str, int],
    refused: dict[str, str],
    reason: str,
) -> list[str]:
    beaters = [c for c in cards if strength[c] > to_beat]
    if not beaters:
        return cards
    for c in cards:
        if strength[c] <= to_beat:
            refused[c] = reason
    return beaters


def _lead(
    rules: TrickRules, ctx: PlayContext, cards: tuple[str, ...], refused: dict[str, str]
) -> tuple[frozenset[str], dict[str, str]]:
    trump = rules.trump
    if trump is None:
        return frozenset(cards), refused
    trumps = [c for c in cards if c[1] == trump]
    if not trumps:
        return frozenset(cards), refused
    reason = None
    if rules.lead_high_trump and any(c[0] in "AKQ" for c in trumps):
        reason = LEAD_HIGH_TRUMP
    elif rules.cinch and has_cinch(rules, cards, ctx):
        reason = CINCH
    if reason is None:
        return frozenset(cards), refused
    top = max(trumps, key=rules.strength.__getitem__)
    for c in cards:
        if c != top:
            refused[c] = reason
    return frozenset((top,)), refused


def broken_obligation(
    rules: TrickRules, ctx: PlayContext, hand: Iterable[str], card: str
) -> str | None:
    """The obligation `card` breaks when `hand` (which holds `card`) was held, or None.

    The same answer as `legal_plays(...)[1].get(card)` (a property test holds them
    together), computed without listing every card: the referee asks this for every
    play and again whenever a hidden hand shows another card.
    """
    held = hand if type(hand) is frozenset else tuple(hand)  # iterated more than once
    return broken_in(
        rules, ctx.led, ctx.best, ctx.trumped, ctx.is_last, ctx.tricks_won, ctx.played, held, card
    )


def broken_in(
    rules: TrickRules,
    led: str | None,
    best: str | None,
    trumped: bool,
    is_last: bool,
    tricks_won: int,
    played: frozenset[str],
    held: frozenset[str] | tuple[str, ...],
    card: str,
) -> str | None:
    """`broken_obligation` with the context's fields given one by one (the card play
    asks without making a `PlayContext` when the play will not wait as pending) and
    the hand a set or a tuple."""
    trump = rules.trump
    strength = rules.strength
    if led is None:
        if trump is None or not (rules.lead_high_trump or rules.cinch):
            return None
        if trump not in "".join(held)[1::2]:  # no trump in the hand (the suits, as below)
            return None
        trumps = [c for c in held if c[1] == trump]
        if not trumps or card == max(trumps, key=strength.__getitem__):
            return None
        if rules.lead_high_trump and any(c[0] in "AKQ" for c in trumps):
            return LEAD_HIGH_TRUMP
        if rules.cinch and _has_cinch(rules, held, tricks_won, played):
            return CINCH
        return None
    suit = card[1]
    # The hand's suits as one string (every card is two characters, its suit the second),
    # then `in` on it: no Python loop over the hand.
    suits = "".join(held)[1::2]
    has_led = led in suits
    has_trump = trump is not None and trump in suits
    if suit != led:
        if has_led:
            return FOLLOW_SUIT
        if rules.must_trump and has_trump and suit != trump:
            return TRUMP
    if rules.must_head and best is not None:
        to_beat = strength[best]
        if strength[card] <= to_beat:
            if suit == led and not trumped:
                for c in held:  # (a loop, not `any` over a generator: asked at most plays)
                    if c[1] == led and strength[c] > to_beat:
                        return HEAD_TRICK
            elif (
                suit == trump
                and suit != led
                and trumped
                and rules.must_trump
                and any(c[1] == trump and strength[c] > to_beat for c in held)
            ):
                return OVERTRUMP
    if rules.cinch and not is_last and has_trump and (led == trump or not has_led):
        top, high = card, -1  # the hand's highest trump (a loop, not `max` over a generator)
        for c in held:
            if c[1] == trump and strength[c] > high:
                top, high = c, strength[c]
        if card != top and _has_cinch(rules, held, tricks_won, played):
            return CINCH
    return None


def trick_winner(
    cards: tuple[tuple[str, str], ...], trump: str | None, strength: Mapping[str, int]
) -> int:
    """Index in `cards` of the winning card: the highest trump, else the highest of the led suit."""
    best = 0  # the lead; only a higher card of its suit or a trump displaces it
    for i in range(1, len(cards)):
        card = cards[i][1]
        top = cards[best][1]
        if card[1] == top[1]:
            if strength[card] > strength[top]:
                best = i
        elif trump is not None and card[1] == trump and top[1] != trump:
            best = i
    return best
