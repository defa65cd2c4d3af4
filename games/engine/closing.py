"""Closing the table after a settled deal, and settling up (RULES.md §5).

The pot left after the last deal goes to the players seated in that deal, equally; the
chips that do not divide go one each in order from that deal's dealer's left (the
dealer last). Then every balance is settled by transfers, largest debt first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from table_stream.rulings import PostingKind, RulingKind

from .errors import Phrase, Rejection, gettext_noop
from .seats import between_deals
from .state import POT, Posting, Ruling, Sitting, evolve, player_account


def close(sitting: Sitting) -> tuple[Sitting, list[Ruling]]:
    between_deals(sitting, Phrase(gettext_noop("a sitting cannot be closed during a deal")))
    if sitting.deal is None:
        raise Rejection(
            "nothing_to_close",
            gettext_noop("no deal has been played: a table closes after a settled deal"),
        )
    shares = closing_shares(sitting)
    balances = {p: n + shares.get(p, 0) for p, n in sitting.balances.items()}
    closing: dict[str, Any] = {
        "pot": sitting.pot,
        "shares": shares,
        "transfers": settle_up(sitting.players, balances),
    }
    legs = ((POT, -sitting.pot), *((player_account(p), n) for p, n in shares.items() if n))
    postings = (Posting(PostingKind.CLOSING_SHARE, legs),) if sitting.pot else ()
    closed = evolve(sitting, balances=balances, pot=0, closing=closing)
    return closed, [Ruling(RulingKind.TABLE_CLOSED, dict(closing), postings)]


def closing_shares(sitting: Sitting) -> dict[str, int]:
    """Each player's share of the pot at closing, in seat order, zeros included."""
    deal = sitting.deal
    if deal is None:
        return {}
    each, odd = divmod(sitting.pot, len(deal.order))
    got = {p: each + (1 if i < odd else 0) for i, p in enumerate(deal.order)}
    return {p: got[p] for p in deal.seated}


def settle_up(players: Sequence[str], balances: Mapping[str, int]) -> list[dict[str, Any]]:
    """The transfers that settle every balance: repeatedly the player who owes most
    pays the player owed most the smaller of the two amounts; ties go to the player
    seated first. Each transfer settles at least one of the two, the last one both."""
    seat = {p: i for i, p in enumerate(players)}
    left = {p: balances[p] for p in players if balances.get(p)}
    transfers: list[dict[str, Any]] = []
    while True:
        debtors = [p for p, n in left.items() if n < 0]
        creditors = [p for p, n in left.items() if n > 0]
        if not debtors or not creditors:
            return transfers
        payer = min(debtors, key=lambda p: (left[p], seat[p]))
        payee = max(creditors, key=lambda p: (left[p], -seat[p]))
        amount = min(-left[payer], left[payee])
        transfers.append({"from": payer, "to": payee, "amount": amount})
        for p, change in ((payer, amount), (payee, -amount)):
            left[p] += change
            if not left[p]:
                del left[p]
