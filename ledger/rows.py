"""Between the fold's `Leg` values and the ledger's rows."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import attrgetter

import orjson
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
    the rest of that play: docs/decisions/0011-the-ledger-written-out.md); an
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


# The rulings of one append booked in one statement (`rulings_book`): the table's row locked
# and read, the legs inserted at its pot, the row's pot and position moved. The legs are
# folded from a pot of 0 first, so each `pot_after` below is the table's pot plus theirs.
_LEG_CASTS = (
    "uuid", "uuid", "bigint", "integer", "bigint", "integer", "integer", "text", "smallint",
    "smallint", "text", "text", "bigint", "bigint", "timestamptz", "bigint",
)  # fmt: skip
# The legs go as one JSON array of rows, read back by `jsonb_array_elements` with each
# column's cast, so the statement's text is the same whatever the number of legs: psycopg
# parses a statement's placeholders in Python and caches that only for short texts of at
# most 50 parameters, and a settling play's dozen legs as a VALUES list (16 parameters a
# leg) were parsed again at every play: 0.1 to 0.3 ms of the play in process (0.75 ms
# under cProfile, which inflates it; docs/decisions/0011-the-ledger-written-out.md).
_LEG_VALUES = (
    "SELECT "
    + ", ".join(
        f'(r.row->>{index})::{cast} AS "{name}"'
        for index, (name, cast) in enumerate(zip(("club_id", *LEG_FIELDS), _LEG_CASTS, strict=True))
    )
    + " FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS r(row, n) ORDER BY r.n"
)
_SELECTED = ", ".join(
    "booked.pot + v.pot_after" if name == "pot_after" else f'v."{name}"'
    for name in ("club_id", *LEG_FIELDS)
)
_TABLE = LedgerTable._meta.db_table
RULINGS_BOOK_SQL = (
    f"WITH held AS (SELECT pot, last_position FROM {_TABLE}"
    " WHERE table_id = %s AND club_id = %s FOR UPDATE),"
    # Nothing is written unless the row is there, the events are new to it and no posting
    # takes its pot below zero: the caller then books them the long way, which refuses.
    " booked AS (SELECT pot FROM held WHERE last_position < %s AND pot + %s >= 0),"
    f" legs AS (INSERT INTO {PostingLeg._meta.db_table} (club_id, {_COLUMNS})"
    f" SELECT {_SELECTED} FROM booked, ({_LEG_VALUES}) AS v),"
    f" moved AS (UPDATE {_TABLE} SET pot = booked.pot + %s, last_position = %s FROM booked"
    f" WHERE {_TABLE}.table_id = %s AND {_TABLE}.club_id = %s)"
    " SELECT count(*) FROM booked"
)


def rulings_book(
    table_id: uuid.UUID,
    club_id: object,
    legs: Sequence[Leg],
    *,
    pot_change: int,
    positions: tuple[int, int],
) -> bool:
    """Book the legs of one append's `RulingMade` events (folded from a pot of 0, so each
    `pot_after` is the change so far; `positions` the first and last event's) on a table
    whose ledger row exists, in one round trip (a deal's first and last plays move chips:
    three ORM statements were a third of their cost,
    docs/decisions/0011-the-ledger-written-out.md). False when nothing was written: no row
    yet, events booked already, a pot that would go below zero, too many legs for one
    statement, or a distributed log (Citus); the caller books them the long way then."""
    if not legs or len(legs) > LEGS_PER_INSERT or distributed():  # many legs: COPY
        return False
    lowest = min(leg.pot_after for leg in legs)
    rows = orjson.dumps([(club_id, *_leg_values(leg)) for leg in legs]).decode()
    params = [table_id, club_id, positions[0], lowest, rows]
    params += [pot_change, positions[1], table_id, club_id]
    with connection.cursor() as cursor:
        cursor.execute(RULINGS_BOOK_SQL, params)
        (booked,) = cursor.fetchone()
    return bool(booked)


def distributed() -> bool:
    """Whether the database is a Citus cluster (asked once per server connection): there
    the ledger's tables are distributed, and its three plain statements are kept."""
    raw = connection.connection
    known = getattr(connection, "_ledger_citus", None)
    if known is None or known[0] is not raw:
        with connection.cursor() as cursor:
            cursor.execute("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus')")
            (citus,) = cursor.fetchone()
        known = (connection.connection, bool(citus))
        connection._ledger_citus = known  # type: ignore[attr-defined]
    return bool(known[1])
