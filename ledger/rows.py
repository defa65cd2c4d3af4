"""Between the fold's `Leg` values and the ledger's rows."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
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


def row_leg(row: PostingLeg) -> Leg:
    return Leg(**{name: getattr(row, name) for name in LEG_FIELDS})


def legs_insert(legs: Iterable[Leg], *, club_id: object) -> None:
    """Insert legs: a card play's few in one statement written out (the ORM's `bulk_create`,
    Django's UNNEST of one array per column each adapted by psycopg, cost more Python than
    the rest of that play: docs/performance.md, "The card play beside the floor"); an
    import's hundreds with COPY (a VALUES list that long costs the server more to parse
    and plan than COPY costs to load)."""
    batch = list(legs)
    if len(batch) > LEGS_PER_INSERT:
        legs_copy(batch, club_id=club_id)
    elif batch:
        params = [value for leg in batch for value in (club_id, *_leg_values(leg))]
        with connection.cursor() as cursor:
            cursor.execute(_legs_insert_sql(len(batch)), params)


#: The most legs inserted by one written-out statement (a settling play books a dozen).
LEGS_PER_INSERT = 64
_LEG_PLACEHOLDERS = "(" + ", ".join(["%s"] * (len(LEG_FIELDS) + 1)) + ")"


@lru_cache(maxsize=64)
def _legs_insert_sql(count: int) -> str:
    values = ", ".join([_LEG_PLACEHOLDERS] * count)
    return f"INSERT INTO {PostingLeg._meta.db_table} (club_id, {_COLUMNS}) VALUES {values}"


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


_TABLE_COLUMNS = ["table_id", "club_id", "name", "variant", "players", "pot", "last_position"]
_TABLE_WHERE = "WHERE table_id = %s AND club_id = %s"
TABLE_LOCK_SQL = (
    "SELECT table_id, club_id, name, variant, players::text, pot, last_position"
    f" FROM {LedgerTable._meta.db_table} {_TABLE_WHERE} FOR UPDATE"
)
TABLE_UPDATE_SQL = (
    f"UPDATE {LedgerTable._meta.db_table} SET name = %s, variant = %s, players = %s::jsonb,"
    f" pot = %s, last_position = %s {_TABLE_WHERE}"
)


def table_locked(table_id: object, club_id: object) -> LedgerTable | None:
    """The table's row, locked until commit (None: the ledger has no row for it yet)."""
    with connection.cursor() as cursor:
        cursor.execute(TABLE_LOCK_SQL, [table_id, club_id])
        found = cursor.fetchone()
    if found is None:
        return None
    values = list(found)
    values[4] = json.loads(values[4])
    return LedgerTable.from_db("default", _TABLE_COLUMNS, values)


def table_update(table: LedgerTable) -> None:
    """Write back the row's name, variant, players, pot and last position."""
    with connection.cursor() as cursor:
        cursor.execute(
            TABLE_UPDATE_SQL,
            [
                table.name,
                table.variant,
                json.dumps(table.players, ensure_ascii=False),
                table.pot,
                table.last_position,
                table.table_id,
                table.club_id,
            ],
        )
