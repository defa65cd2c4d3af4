"""Closing a deal: the pot's fate, penalties into the next pot, what the next deal owes.

Every chip that moves is a `Posting` whose legs sum to zero, so balances plus the pot
stay at zero after every deal.
"""

from __future__ import annotations

from typing import Any

from table_stream.rulings import PAYOUT_RULING_KINDS, PostingKind, RulingKind

from .reneges import offenders
from .state import (
    POT,
    DealState,
    NextDeal,
    Posting,
    Ruling,
    Sitting,
    evolve,
    made,
)
from .variants import DealFacts, Settlement, Variant
from .variants.base import capped


def close_deal(sitting: Sitting, variant: Variant, deal: DealState) -> tuple[Sitting, list[Ruling]]:
    """Settle a deal that has ended (played out, all passed, or one player in)."""
    pot = deal.start
    if not deal.active:
        return _finish(
            sitting,
            deal,
            ({"kind": RulingKind.ALL_PASSED},),
            {},
            PostingKind.POT_WON,
            Settlement((), {}, PostingKind.POT_WON, {}, None),
        )
    if len(deal.active) == 1 and not deal.tricks:
        lone = deal.active[0]
        amount = capped(pot, sitting.options.get("pot_limit"))
        doc = (
            {"kind": RulingKind.LONE_PLAYER, "player": lone},
            {"kind": RulingKind.POT_WON, "player": lone, "amount": amount},
        )
        return _finish(
            sitting,
            deal,
            doc,
            {lone: amount},
            PostingKind.POT_WON,
            Settlement((), {}, PostingKind.POT_WON, {}, None),
        )
    facts = DealFacts(
        order=deal.active,
        tricks_won=deal.tricks_won,
        offenders=offenders(deal),
        pot=pot,
    )
    result = variant.settle(facts, sitting.options)
    if result.renege_amount is not None and variant.renege_amount(pot, sitting.options) is None:
        deal = _fill_renege_amounts(deal, result.renege_amount)
    return _finish(sitting, deal, result.rulings, result.payouts, result.payout_kind, result)


def _fill_renege_amounts(deal: DealState, value: int) -> DealState:
    seen: set[str] = set()
    doc = []
    for entry in deal.rulings:
        if entry.get("kind") == RulingKind.RENEGE:
            entry = {**entry, "amount": 0 if entry["player"] in seen else value}
            seen.add(entry["player"])
        doc.append(entry)
    return evolve(deal, rulings=tuple(doc))


def _finish(
    sitting: Sitting,
    deal: DealState,
    outcome: tuple[dict[str, Any], ...],
    payouts: dict[str, int] | Any,
    payout_kind: str,
    result: Settlement,
) -> tuple[Sitting, list[Ruling]]:
    pot = deal.start
    paid_out = sum(payouts.values())
    left = pot - paid_out
    penalties = dict(result.penalties)
    next_deal = NextDeal(penalties=penalties, exempt=result.exempt, double=result.double)
    all_rulings = [*deal.rulings, *outcome]
    summary: dict[str, Any] = {
        "trump_suit": deal.trump_suit,
        "active": [p for p in deal.seated if p in deal.active],
        # `[t.as_dict() for t in deal.tricks]`, without a method call per trick
        "tricks": [
            {"leader": t.leader, "cards": list(map(list, t.cards)), "winner": t.winner}
            for t in deal.tricks
        ],
        "tricks_won": dict(deal.tricks_won),
        "rulings": all_rulings,
        "pot": {"antes": deal.antes, "start": pot, "paid_out": paid_out, "left": left},
        "next": next_deal.as_dict(),
    }
    rulings: list[Ruling] = []
    for entry in outcome:
        postings: tuple[Posting, ...] = ()
        kind = entry["kind"]
        if kind in PAYOUT_RULING_KINDS and paid_out:
            gains = tuple([("player:" + p, n) for p, n in payouts.items() if n])  # player_account
            legs = ((POT, -paid_out), *gains)
            postings = (Posting(payout_kind, legs),)
        # `Ruling(kind, dict(entry), postings)` without the frozen dataclass's `__init__`
        rulings.append(made(Ruling, {"kind": kind, "data": dict(entry), "postings": postings}))
    settle_postings: list[Posting] = []
    if penalties and sum(penalties.values()):
        paid = [("player:" + p, -n) for p, n in penalties.items() if n]  # `player_account`
        legs = (*paid, (POT, sum(penalties.values())))
        settle_postings.append(Posting(PostingKind.PENALTY, legs))
    if left:
        settle_postings.append(Posting(PostingKind.CARRY, ((POT, -left), (POT, left))))
    settled = {"deal": deal.index, "summary": summary}
    rulings.append(
        made(
            Ruling,
            {"kind": RulingKind.DEAL_SETTLED, "data": settled, "postings": tuple(settle_postings)},
        )
    )
    balances = dict(sitting.balances)
    for p, n in payouts.items():
        balances[p] += n
    for p, n in penalties.items():
        balances[p] -= n
    # The closed deal and the sitting, their fields set in place (`evolve` without keywords)
    closed = deal.__dict__.copy()
    closed["over"] = True
    closed["summary"] = summary
    closed["rulings"] = tuple(all_rulings)
    closed["before_play"] = None
    table = sitting.__dict__.copy()
    table["balances"] = balances
    table["pot"] = left + sum(penalties.values())
    table["next"] = next_deal
    table["deals"] = (*sitting.deals, summary)
    table["deal"] = made(DealState, closed)
    return made(Sitting, table), rulings
