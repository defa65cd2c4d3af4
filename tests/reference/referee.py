"""A deliberately naive second referee, written from /work/shared/RULES.md and
TRANSCRIPT.md alone (it imports nothing from `games`), so the engine has an oracle that
is not itself. Slow and plain on purpose: every question is answered by looking at the
whole transcript again, a renege's proof by trying each action index in turn.

`referee(doc)` returns the `bourre-ruling/1` document or raises `Refused(deal, action)`.
Only complete deals are ruled (a transcript ending mid-deal is out of its scope unless it
is refused for another reason first).
"""

from __future__ import annotations

from typing import Any

from tests.reference.deal import reneges, run_deal
from tests.reference.rules import (
    LIMITS,
    TRICK_VARIANTS,
    Refused,
    clockwise_from,
    louisiana_check,
    occitan_check,
    trick_winner,
    ukrainian_check,
    variant_of,
)

__all__ = [
    "Refused",
    "clockwise_from",
    "louisiana_check",
    "occitan_check",
    "referee",
    "trick_winner",
    "ukrainian_check",
    "variant_of",
]


# ------------------------------------------------------------------ the sitting
def referee(doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("variant") not in (*TRICK_VARIANTS, "comtadine"):
        raise Refused(None, None, "transcript")
    v = variant_of(doc["variant"])
    players = list(doc["players"])
    # `players` are every seat ever taken (RULES.md §5), and the variant's count bounds
    # them as well as each deal's seated players.
    lo, hi = LIMITS[v.name]
    if not lo <= len(players) <= hi or len(set(players)) != len(players):
        raise Refused(None, None, "players")
    options = dict(doc.get("options") or {})
    balances = {p: 0 for p in players}
    pot = 0  # carried pot, before the penalties owed
    owed: dict[str, int] = {}
    exempt: set[str] = set()
    double: set[str] = set()
    out_deals = []
    rec = None
    deals = doc.get("deals", [])
    for d, raw in enumerate(deals):
        rec = run_deal(d, raw, v, players, options, d)
        if not rec.over and d < len(deals) - 1:
            raise Refused(d + 1, None, "the deal in progress has not ended")
        if not rec.over:
            if doc.get("closed"):
                raise Refused(d, None, "a sitting cannot be closed during a deal")
            raise Refused(d, None, "the reference rules complete deals only")
        ante = rec.ante
        antes = 0
        for p in rec.seated:
            if v.name == "louisiana" and p in exempt:
                continue
            pay = ante * (2 if v.name == "comtadine" and p in double else 1)
            antes += pay
            balances[p] -= pay
        fees = 0
        if v.name == "ukrainian":
            fee = options.get("exchange_fee")
            fee = ante if fee is None else fee
            for p, n in rec.exchanged.items():
                if n > 0:
                    fees += fee
                    balances[p] -= fee
        start = pot + sum(owed.values()) + antes + fees
        limit = options.get("pot_limit")

        def cap(x: int, limit: int | None = limit) -> int:
            return x if limit is None else min(x, limit)

        order = rec.order  # type: ignore[attr-defined]
        rulings: list[dict[str, Any]] = []
        nxt_pen: dict[str, int] = {}
        nxt_exempt: set[str] = set()
        nxt_double: set[str] = set()
        paid = 0
        won = rec.won  # type: ignore[attr-defined]
        if v.name == "louisiana" and rec.trump_card == "A" + str(rec.trump):
            rulings.append({"kind": "dealer_must_play"})
        if rec.ended_at_declare:
            if not rec.active:
                rulings.append({"kind": "all_passed"})
            else:
                lone = rec.active[0]
                paid = cap(start)
                rulings += [{"kind": "lone_player", "player": lone},
                            {"kind": "pot_won", "player": lone, "amount": paid}]  # fmt: skip
                balances[lone] += paid
            tricks_won: dict[str, int] = {}
        else:
            tricks_won = {p: won.get(p, 0) for p in rec.active}
            # ruled as they are proven: in the order of the proving actions
            rs = sorted(reneges(rec, v, options), key=lambda r: (r["proven_at"], r["trick"]))
            offenders: list[str] = []
            for r in rs:
                first = r["player"] not in offenders
                if first:
                    offenders.append(r["player"])
                if v.name in ("louisiana", "ukrainian"):
                    r["amount"] = cap(start) if first else 0
                rulings.append(r)
            clean = [p for p in order if p in rec.active and p not in offenders]
            best = max((tricks_won[p] for p in clean), default=0)
            top = [p for p in clean if tricks_won[p] == best] if best > 0 else []
            if v.name == "occitan":
                shares = {}
                for p in order:
                    if p in rec.active:
                        shares[p] = 0 if p in offenders else start * tricks_won[p] // 5
                paid = sum(shares.values())
                rulings.append({"kind": "pot_shared", "shares": shares})
                for p, amount in shares.items():
                    balances[p] += amount
                seen: set[str] = set()
                for r in rulings:
                    if r["kind"] == "renege":
                        r["amount"] = 0 if r["player"] in seen else 2 * paid
                        seen.add(r["player"])
                for p in offenders:
                    nxt_pen[p] = 2 * paid
                for p in order:
                    if p in rec.active and tricks_won[p] == 0 and p not in offenders:
                        rulings.append({"kind": "bourre", "player": p, "amount": 2 * paid})
                        nxt_pen[p] = 2 * paid
            else:
                if len(top) == 1:
                    paid = cap(start)
                    rulings.append({"kind": "pot_won", "player": top[0], "amount": paid})
                    balances[top[0]] += paid
                elif v.name == "ukrainian" and top:
                    # each tied player is a winner: each takes at most the limit
                    each = cap(start // len(top))
                    paid = each * len(top)
                    rulings.append(
                        {"kind": "pot_split", "players": top, "each": each, "left": start - paid}
                    )
                    for p in top:
                        balances[p] += each
                else:
                    rulings.append({"kind": "pot_carried", "amount": start, "tied": top})
                    if v.name == "louisiana":
                        nxt_exempt |= set(top)
                if v.name == "comtadine":
                    for p in order:
                        if p in rec.active and tricks_won[p] == 0 and p not in offenders:
                            rulings.append({"kind": "bourre", "player": p, "amount": 0})
                            nxt_double.add(p)
                    nxt_double |= set(offenders)
                else:
                    for p in offenders:
                        nxt_pen[p] = cap(start)
                    for p in order:
                        if p in rec.active and tricks_won[p] == 0 and p not in offenders:
                            rulings.append({"kind": "bourre", "player": p, "amount": cap(start)})
                            nxt_pen[p] = cap(start)
                    if v.name == "louisiana":
                        nxt_exempt |= set(nxt_pen)
        for p, amount in nxt_pen.items():
            balances[p] -= amount
        left = start - paid
        tricks = [{k: t[k] for k in ("leader", "cards", "winner")} for t in rec.tricks]
        out_deals.append(
            {
                "trump_suit": rec.trump,
                "active": [p for p in players if p in rec.active],
                "tricks": tricks,
                "tricks_won": tricks_won,
                "rulings": rulings,
                "pot": {"antes": antes, "start": start, "paid_out": paid, "left": left},
                "next": {
                    "penalties": nxt_pen,
                    "exempt": [p for p in order if p in nxt_exempt],
                    "double": [p for p in order if p in nxt_double],
                },
            }
        )
        pot, owed, exempt, double = left, nxt_pen, nxt_exempt, nxt_double
    total_pot = pot + sum(owed.values())
    result: dict[str, Any] = {"format": "bourre-ruling/1", "deals": out_deals}
    if doc.get("closed"):
        if rec is None:
            raise Refused(None, None, "nothing to close")
        last_order = rec.order  # type: ignore[attr-defined]
        q, r = divmod(total_pot, len(last_order))
        shares = {p: q + (1 if i < r else 0) for i, p in enumerate(last_order)}
        for p, s in shares.items():
            balances[p] += s
        result["closing"] = {
            "pot": total_pot,
            "shares": {p: shares[p] for p in players if p in shares},
            "transfers": settle_up(balances, players),
        }
        total_pot = 0
    result["balances"] = balances
    result["pot"] = total_pot
    return result


def settle_up(balances: dict[str, int], players: list[str]) -> list[dict[str, Any]]:
    left = dict(balances)
    out = []
    while any(left.values()):
        debtor = min(players, key=lambda p: (left[p], players.index(p)))
        creditor = max(players, key=lambda p: (left[p], -players.index(p)))
        amount = min(-left[debtor], left[creditor])
        out.append({"from": debtor, "to": creditor, "amount": amount})
        left[debtor] += amount
        left[creditor] -= amount
    return out
