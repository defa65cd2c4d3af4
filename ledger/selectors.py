"""Reads of the ledger: postings and balances as of any position, and the table's club."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace

from django.db.models import Q, Sum

from ledger.folding import POT, Leg
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import row_leg

PLAYER = "player:"


@dataclass(frozen=True, slots=True)
class Balances:
    """Chips each player is up (or down) and the pot; they always sum to zero."""

    balances: dict[str, int]
    pot: int


def ledger_table_get(*, table_id: uuid.UUID, club_id: object | None = None) -> LedgerTable | None:
    """The table, if the ledger knows it (and, given ``club_id``, it belongs to that club)."""
    tables = LedgerTable.objects.filter(table_id=table_id)
    if club_id is not None:
        tables = tables.filter(club_id=str(club_id))
    return tables.first()


def _as_of(table_id: uuid.UUID, at: int | None) -> Q:
    q = Q(table_id=table_id)
    if at is not None:
        q &= Q(position__lte=at)
    return q


def _counts(at: int | None) -> Q:
    """Legs not voided (as of ``at``)."""
    if at is None:
        return Q(voided_by__isnull=True)
    return Q(voided_by__isnull=True) | Q(voided_by__gt=at)


def ledger_postings(
    *, table_id: uuid.UUID, at: int | None = None, include_voided: bool = False
) -> list[Leg]:
    """The table's posting legs as of position ``at`` of its club (all when None), in order.

    A leg voided by an undo at or before ``at`` is left out unless ``include_voided``; one
    voided only later shows as not voided (``voided_by`` None), as it was then.
    """
    rows = PostingLeg.objects.filter(_as_of(table_id, at))
    if not include_voided:
        rows = rows.filter(_counts(at))
    legs = [row_leg(row) for row in rows.order_by("position", "transaction", "leg")]
    if at is None:
        return legs
    return [
        replace(leg, voided_by=None) if leg.voided_by is not None and leg.voided_by > at else leg
        for leg in legs
    ]


def ledger_postings_of_versions(*, table_id: uuid.UUID, low: int, high: int | None) -> list[Leg]:
    """The table's posting legs of stream versions ``low`` to ``high`` (None: to the end),
    voided ones included, in order: one page of the audit, whatever the table's length."""
    rows = PostingLeg.objects.filter(table_id=table_id, version__gte=low)
    if high is not None:
        rows = rows.filter(version__lte=high)
    return [row_leg(row) for row in rows.order_by("position", "transaction", "leg")]


def ledger_balances(*, table_id: uuid.UUID, at: int | None = None) -> Balances:
    """Every player's balance (seated players at 0 included) and the pot, as of ``at``."""
    table = LedgerTable.objects.filter(table_id=table_id).only("players").first()
    balances = {str(p): 0 for p in (table.players if table else [])}
    pot = 0
    totals = (
        PostingLeg.objects.filter(_as_of(table_id, at) & _counts(at))
        .values("account")
        .annotate(total=Sum("amount"))
        .order_by("account")
    )
    for row in totals:
        if row["account"] == POT:
            pot = int(row["total"])
        elif row["account"].startswith(PLAYER):
            balances[row["account"][len(PLAYER) :]] = int(row["total"])
    return Balances(balances=balances, pot=pot)
