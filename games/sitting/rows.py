"""The table's rows in SQL: the statements the write side (`games.sitting.postgres`) sends
to its state row, deal summaries and stored answers, and the one-statement reads of a state
row with its table and the answer stored for a request's key, with or without the row's
lock. Kept apart from the unit of work so that `postgres.py` reads as the save's order of
steps; every statement names the club as well as the table (one shard on Citus)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any

import orjson
from django.db import connection

from games.models import Table, TableDeal, TableRequest, TableState
from games.sitting.repository import NewAnswer, StoredAnswer


def events_text(events: list[dict[str, Any]]) -> str:
    """The current deal's events as JSON text (for jsonb: any spacing, any key order).
    orjson: a deal's list grows to some thirty entries, sent and kept on every play."""
    try:
        return orjson.dumps(events).decode()
    except orjson.JSONEncodeError:  # what orjson refuses (a lone surrogate, a huge int)
        return json.dumps(events, ensure_ascii=False)


def summary_text(summary: Mapping[str, Any]) -> str:
    """A deal summary as JSON text: kept as text, its keys keep the engine's order (the
    order of `bourre-ruling/1`), which jsonb would not."""
    return json.dumps(summary, ensure_ascii=False, separators=(",", ":"))


def deals_write(
    table_id: uuid.UUID,
    club_id: uuid.UUID,
    count: int,
    settled_before: int,
    settled: Mapping[int, Mapping[str, Any]],
) -> None:
    """The deal summaries of a play: those undone deleted, those settled written."""
    if count < settled_before:
        TableDeal.objects.filter(table_id=table_id, club_id=club_id, index__gte=count).delete()
    if settled:  # one statement (an undone settling play is settled again)
        # Written out: a deal's last play runs it, and the ORM's building of the upsert cost
        # more Python than the statement costs PostgreSQL (docs/performance.md, "The heavy
        # plays").
        params: list[object] = []
        for index, summary in settled.items():
            params += [table_id, club_id, index, summary_text(summary)]
        with connection.cursor() as cursor:
            cursor.execute(
                DEALS_UPSERT_SQL.format(rows=", ".join([DEAL_ROW] * len(settled))), params
            )


def request_stored(table_id: uuid.UUID, club_id: uuid.UUID, request: NewAnswer) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            REQUEST_SQL, [table_id, club_id, request.key, request.request_hash, request.response]
        )
        return cursor.fetchone() is not None


def deals_copy(
    table_id: uuid.UUID, club_id: uuid.UUID, settled: Mapping[int, Mapping[str, Any]]
) -> None:
    """Insert a table's settled deals with COPY: a rebuild writes twenty deals and more per
    table, and a multi-row INSERT of long JSON texts costs more Python than COPY."""
    if not settled:
        return
    with connection.cursor() as cursor, cursor.cursor.copy(DEALS_COPY_SQL) as copy:
        for index, summary in settled.items():
            copy.write_row((table_id, club_id, index, summary_text(summary)))


_STATE = TableState._meta.db_table
_TABLE = Table._meta.db_table
_REQUEST = TableRequest._meta.db_table
_SET = "version = %s, snapshot_version = %s, state = %s, deal_events = %s::jsonb, updated_at = %s"
DEALS_COPY_SQL = f'COPY {TableDeal._meta.db_table} (table_id, club_id, "index", summary) FROM STDIN'
DEAL_ROW = "(%s::uuid, %s::uuid, %s::integer, %s::text)"
DEALS_UPSERT_SQL = (
    f'INSERT INTO {TableDeal._meta.db_table} (table_id, club_id, "index", summary) VALUES {{rows}}'
    ' ON CONFLICT (table_id, club_id, "index") DO UPDATE SET summary = EXCLUDED.summary'
)
_WHERE = "WHERE table_id = %s AND club_id = %s"
UPDATE_SQL = f"UPDATE {_STATE} SET {_SET} {_WHERE}"
UPDATE_WITH_START_SQL = f"UPDATE {_STATE} SET {_SET}, deal_start = %s {_WHERE}"
_REQUEST_COLUMNS = "table_id, club_id, key, request_hash, status_code, response, created_at"
TABLE_LISTING_SQL = (
    f"UPDATE {_TABLE} SET closed = %s, last_activity_at = %s WHERE id = %s AND club_id = %s"
)
REQUEST_SQL = (
    f"INSERT INTO {_REQUEST} ({_REQUEST_COLUMNS}) VALUES (%s, %s, %s, %s, 201, %s, now())"
    " ON CONFLICT (table_id, club_id, key) DO NOTHING RETURNING 1"
)
REQUEST_FROM_SAVED_SQL = (
    f"INSERT INTO {_REQUEST} ({_REQUEST_COLUMNS})"
    " SELECT table_id, club_id, %s, %s, 201, %s, now() FROM saved"
    " ON CONFLICT (table_id, club_id, key) DO NOTHING RETURNING 1"
)
_LOCK_COLUMNS = (
    "SELECT s.table_id, s.version, s.snapshot_version, s.state, s.deal_start,"
    " s.deal_events::text, s.updated_at, t.id, t.club_id, t.name, t.variant, t.options::text,"
    " t.players::text, t.created_at"
)
_LOCK_FROM = f" FROM {_STATE} s JOIN {_TABLE} t ON t.id = s.table_id AND t.club_id = s.club_id"
# An abandoned import's table takes no more events (Table.import_status).
_LOCK_WHERE = (
    " WHERE s.table_id = %s AND s.club_id = %s AND t.import_status <> 'abandoned' FOR UPDATE OF s"
)
LOCK_SQL = (
    f"{_LOCK_COLUMNS}, r.request_hash, r.status_code, r.response{_LOCK_FROM}"
    # The club given to the answers as a value, not only joined: Citus prunes the shards of
    # an outer join's inner side only by a value (then all three are the club's one shard).
    f" LEFT JOIN {_REQUEST} r ON r.table_id = s.table_id AND r.club_id = %s AND r.key = %s"
    f"{_LOCK_WHERE}"
)
# Without a key: no join to the answers (`r.key = NULL` would leave Citus nothing to prune
# them by, and a FOR UPDATE over every shard is refused).
LOCK_WITHOUT_KEY_SQL = f"{_LOCK_COLUMNS}, NULL, NULL, NULL{_LOCK_FROM}{_LOCK_WHERE}"
# The same reads without the lock (`row_read`).
_FOR_UPDATE = " FOR UPDATE OF s"
READ_SQL = LOCK_SQL.removesuffix(_FOR_UPDATE)
READ_WITHOUT_KEY_SQL = LOCK_WITHOUT_KEY_SQL.removesuffix(_FOR_UPDATE)


_LOCKED_TABLE_FIELDS = ["id", "club_id", "name", "variant", "options", "players", "created_at"]


def row_locked(
    table_id: uuid.UUID, club_id: uuid.UUID, key: str | None
) -> tuple[TableState, StoredAnswer | None] | None:
    """The table's state row locked (its `table` loaded), and the answer stored for `key`
    when there is one: one statement, None for no such table."""
    return _row(table_id, club_id, key, LOCK_WITHOUT_KEY_SQL, LOCK_SQL)


def row_read(
    table_id: uuid.UUID, club_id: uuid.UUID, key: str | None
) -> tuple[TableState, StoredAnswer | None] | None:
    """`row_locked` without the lock (one snapshot of the row and the answers)."""
    return _row(table_id, club_id, key, READ_WITHOUT_KEY_SQL, READ_SQL)


def _row(
    table_id: uuid.UUID, club_id: uuid.UUID, key: str | None, without_key: str, with_key: str
) -> tuple[TableState, StoredAnswer | None] | None:
    with connection.cursor() as cursor:
        if key is None:
            cursor.execute(without_key, [table_id, club_id])
        else:
            cursor.execute(with_key, [club_id, key, table_id, club_id])
        found = cursor.fetchone()
    if found is None:
        return None
    (_, version, snapshot_version, state, deal_start, events, updated_at) = found[:7]
    (id_, club, name, variant, options, players, created_at) = found[7:14]
    table = Table.from_db(
        "default",
        _LOCKED_TABLE_FIELDS,  # the Tables page's columns deferred: the append writes them
        [id_, club, name, variant, json.loads(options), json.loads(players), created_at],
    )
    row = TableState.from_db(
        "default",
        None,
        [id_, club, version, snapshot_version, state, deal_start, json.loads(events), updated_at],
    )
    row.table = table
    request_hash, status_code, response = found[14:]
    earlier = None if request_hash is None else StoredAnswer(request_hash, status_code, response)
    return row, earlier
