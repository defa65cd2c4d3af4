"""Between the fold's `Leg` values and the ledger's rows."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from django.db import connection

from ledger.folding import Leg, TableInfo
from ledger.models import LedgerTable, PostingLeg

LEG_FIELDS = (
    "table_id", "position", "version", "cause_position", "cause_version", "deal", "ruling",
    "transaction", "leg", "kind", "account", "amount", "pot_after", "recorded_at", "voided_by",
)  # fmt: skip


_leg_values = attrgetter(*LEG_FIELDS)  # a leg's values in LEG_FIELDS order, as a tuple
_COLUMNS = ", ".join(f'"{name}"' for name in LEG_FIELDS)  # quoted: "transaction", "leg"
LEGS_COPY_SQL = f"COPY {PostingLeg._meta.db_table} (club_id, {_COLUMNS}) FROM STDIN"


def leg_row(leg: Leg) -> PostingLeg:
    return PostingLeg(**{name: getattr(leg, name) for name in LEG_FIELDS})


def row_leg(row: PostingLeg) -> Leg:
    return Leg(**{name: getattr(row, name) for name in LEG_FIELDS})


def legs_insert(legs: Iterable[Leg], *, club_id: object) -> None:
    rows = [leg_row(leg) for leg in legs]
    for row in rows:
        row.club_id = club_id
    if rows:
        PostingLeg.objects.bulk_create(rows, batch_size=1000)


def legs_copy(legs: Iterable[Leg], *, club_id: object) -> None:
    """Insert legs with COPY (a rebuild writes a table's hundreds of legs at once; the ORM's
    multi-row INSERT cost more Python than the fold)."""
    rows = [(club_id, *_leg_values(leg)) for leg in legs]
    if not rows:
        return
    with connection.cursor() as cursor, cursor.cursor.copy(LEGS_COPY_SQL) as copy:
        for row in rows:
            copy.write_row(row)


def table_row(row: LedgerTable, info: TableInfo) -> LedgerTable:
    """`row` with what `TableCreated` says (its `club_id` is the partition's, set by who
    makes the row)."""
    row.name = info.name
    row.variant = info.variant
    row.players = list(info.players)
    return row
