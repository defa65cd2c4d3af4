"""Renege proof from public information.

With a logged hand a renege is proven by the play itself; it becomes final once
another card is played (until then the offender may retract it). Without one, the
play waits as `Pending` and is judged again each time its player shows a card: a
card shown later in the deal was held at the time, since hands only shrink during
play. Judging the known part of a hand is sound: a card refused for part of a hand
is refused for the whole of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from table_stream.rulings import RulingKind

from .obligations import CLIMB, TrickRules, broken_in, broken_obligation
from .state import DealState, Pending, Renege, Ruling, evolve, made
from .variants import Variant

#: no renege proven (the most frequent answer of `reveal`)
_NONE: tuple[Renege, ...] = ()


def judge(rules: TrickRules, strength: dict[str, int] | Any, pending: Pending) -> str | None:
    if pending.context is None:  # a climbing pass
        to_beat = pending.to_beat
        assert to_beat is not None
        for card in pending.known:
            if card[1] == to_beat[1] and strength[card] > strength[to_beat]:
                return CLIMB
        return None
    assert pending.card is not None
    return broken_obligation(rules, pending.context, pending.known, pending.card)


def reveal(
    deal: DealState, rules: TrickRules, strength: Any, player: str, card: str, index: int
) -> tuple[tuple[Pending, ...], Sequence[Renege]]:
    """Re-judge `player`'s pending plays now that `card` is shown to have been held.

    Every obligation of a card play asks only about the hand's cards of the led suit and
    of trumps (test_obligations.py, `test_a_card_of_another_suit_changes_no_verdict`): a
    card of neither leaves the play's verdict as it was, so the play is left as it is (no
    copy). A pending card play's `known` is therefore the hand known at the play and the
    cards shown since that can change its verdict
    (docs/decisions/0017-pending-plays-only-when-they-can-break.md).
    """
    pending = deal.pending
    suit = card[1]
    trump = rules.trump
    for p in pending:  # most often nothing of this player's is waiting for this card
        if p.player == player and card not in p.known:
            context = p.context
            if context is None or suit == context.led or suit == trump:
                break
    else:
        return pending, _NONE
    return rejudge(pending, rules, strength, player, card, index)


def rejudge(
    pending: tuple[Pending, ...],
    rules: TrickRules,
    strength: Any,
    player: str,
    card: str,
    index: int,
) -> tuple[tuple[Pending, ...], Sequence[Renege]]:
    """`reveal` once its first look found a pending play of `player`'s that `card` can
    judge (the card play looks first itself, then calls this: one look, not two)."""
    suit = card[1]
    trump = rules.trump
    kept: list[Pending] = []
    proven: list[Renege] = []
    for p in pending:
        if p.player != player or card in p.known:
            kept.append(p)
            continue
        context = p.context
        if context is None:  # a climbing pass
            known = p.known | {card}
            obligation = judge(rules, strength, evolve(p, known=known))
        elif suit != context.led and suit != trump:
            kept.append(p)  # a card that changes no verdict (above)
            continue
        else:
            known = p.known | {card}
            assert p.card is not None
            # `broken_obligation(rules, context, known, p.card)`, the context's fields in
            # `broken_in`'s order
            obligation = broken_in(rules, *context, known, p.card)
        if obligation is not None:
            proven.append(Renege(p.player, p.trick, p.card, obligation, index, p.index))
        elif len(known) < p.hand_size:
            # `evolve(p, known=known)`, its instance dict copied in place
            fields = p.__dict__.copy()
            fields["known"] = known
            p = made(Pending, fields)
            kept.append(p)
        # else: the whole hand is now known and the play was legal
    return tuple(kept), proven


def record(
    deal: DealState, variant: Variant, found: Iterable[Renege], options: Any
) -> tuple[DealState, list[Ruling]]:
    """Make reneges final: one ruling each, a penalty only on a player's first."""
    if not found:
        return deal, []
    found = sorted(found, key=lambda r: (r.proven_at, r.trick))
    reneges = list(deal.reneges)
    doc = list(deal.rulings)
    rulings: list[Ruling] = []
    amount_first = variant.renege_amount(deal.start, options)
    for r in found:
        first = all(x.player != r.player for x in reneges)
        amount = amount_first if first else 0
        reneges.append(r)
        entry = {
            "kind": RulingKind.RENEGE,
            "player": r.player,
            "trick": r.trick,
            "card": r.card,
            "obligation": r.obligation,
            "proven_at": r.proven_at,
            "amount": amount,
        }
        doc.append(entry)
        rulings.append(Ruling(RulingKind.RENEGE, dict(entry)))
    return evolve(deal, reneges=tuple(reneges), rulings=tuple(doc)), rulings


def offenders(deal: DealState) -> tuple[str, ...]:
    seen: list[str] = []
    for r in deal.reneges:
        if r.player not in seen:
            seen.append(r.player)
    return tuple(seen)
