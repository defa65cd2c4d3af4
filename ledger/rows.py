"""Between the fold's `Leg` values and the ledger's rows."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from operator import attrgetter

from django.db import connection

from games.eventstore import RecordedEvent
from ledger.folding import Leg, TableInfo, ruling_legs
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


# The rulings of one append booked in one statement (`rulings_book`): the table's row locked
# and read, the legs inserted at its pot, the row's pot and position moved. The legs are
# folded from a pot of 0 first, so each `pot_after` below is the table's pot plus theirs.
_LEG_CASTS = (
    "uuid", "uuid", "bigint", "integer", "bigint", "integer", "integer", "text", "smallint",
    "smallint", "text", "text", "bigint", "bigint", "timestamptz", "bigint",
)  # fmt: skip
_LEG_ROW = "(" + ", ".join(f"%s::{cast}" for cast in _LEG_CASTS) + ")"
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
    f" SELECT {_SELECTED} FROM booked, (VALUES {{rows}}) AS v (club_id, {_COLUMNS})),"
    f" moved AS (UPDATE {_TABLE} SET pot = booked.pot + %s, last_position = %s FROM booked"
    f" WHERE {_TABLE}.table_id = %s AND {_TABLE}.club_id = %s)"
    " SELECT count(*) FROM booked"
)


def rulings_book(table_id: uuid.UUID, club_id: object, rulings: Sequence[RecordedEvent]) -> bool:
    """Book `RulingMade` events of a table whose ledger row exists, in one round trip (a
    deal's first and last plays move chips: three ORM statements were a third of their
    cost, docs/performance.md "The heavy plays"). False when nothing was written: no row
    yet, events booked already, a pot that would go below zero, or a distributed log
    (Citus); the caller books them the long way then."""
    if _distributed():
        return False
    legs: list[Leg] = []
    pot = 0
    for event in rulings:
        more, pot = ruling_legs(event, table_id, pot, pot_checked=False)
        legs.extend(more)
    if not legs:
        return False
    lowest = min(leg.pot_after for leg in legs)
    params: list[object] = [table_id, club_id, rulings[0].position, lowest]
    for leg in legs:
        params += [club_id, *_leg_values(leg)]
    params += [pot, rulings[-1].position, table_id, club_id]
    sql = RULINGS_BOOK_SQL.format(rows=", ".join([_LEG_ROW] * len(legs)))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (booked,) = cursor.fetchone()
    return bool(booked)


def _distributed() -> bool:
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
