"""Between the fold's `Leg` values and the ledger's rows."""

from __future__ import annotations

from collections.abc import Iterable

from ledger.folding import Leg, TableInfo
from ledger.models import LedgerTable, PostingLeg

LEG_FIELDS = (
    "table_id", "position", "version", "cause_position", "cause_version", "deal", "ruling",
    "transaction", "leg", "kind", "account", "amount", "pot_after", "recorded_at", "voided_by",
)  # fmt: skip


def leg_row(leg: Leg) -> PostingLeg:
    return PostingLeg(**{name: getattr(leg, name) for name in LEG_FIELDS})


def row_leg(row: PostingLeg) -> Leg:
    return Leg(**{name: getattr(row, name) for name in LEG_FIELDS})


def legs_insert(legs: Iterable[Leg]) -> None:
    rows = [leg_row(leg) for leg in legs]
    if rows:
        PostingLeg.objects.bulk_create(rows, batch_size=1000)


def table_row(row: LedgerTable, info: TableInfo) -> LedgerTable:
    row.club_id = info.club_id
    row.name = info.name
    row.variant = info.variant
    row.players = list(info.players)
    return row
