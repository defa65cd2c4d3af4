"""``append``: the only code that writes to the event log."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any
from uuid import UUID

import psycopg
from django.db import DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from games.eventstore.canonical import canonical_json, request_hash
from games.eventstore.reader import COLUMNS, club_key, row_to_event
from games.eventstore.types import (
    AppendResult,
    IdempotencyConflict,
    NewEvent,
    RecordedEvent,
    VersionConflict,
)

# The arrays travel as array literals (`text_array`): psycopg's list adapter costs more
# client CPU than the rest of the append's Python together.
APPEND_SQL = (
    "SELECT * FROM eventstore_append(%s::uuid, %s::text, %s::integer, %s::text[], "
    "%s::integer[], %s::text[], %s::text, %s::text, %s::text[], %s::text, %s::text)"
)
REPLAYED_SQL = (
    f"SELECT {COLUMNS} FROM eventstore_event "
    "WHERE club_id = %s AND position BETWEEN %s AND %s ORDER BY position"
)
VERSION_CONFLICT = "BR001"
IDEMPOTENCY_CONFLICT = "BR002"
HASH_LENGTH = 64


def append(
    *,
    stream: str,
    club: object,
    expected_version: int | None,
    events: Sequence[NewEvent],
    idempotency_key: str | None = None,
    metadata: dict[str, Any] | None = None,
    using: str = "default",
    savepoint: bool = True,
) -> AppendResult:
    """Append ``events`` to ``stream`` of ``club``'s partition atomically, all or nothing.

    ``club`` (a uuid) is the partition: appends of different clubs never wait on each
    other; within a club positions are gap-free and commit-ordered and the hash chain is
    the club's own. A stream lives in one club; idempotency keys are scoped to the club.

    ``expected_version`` is the stream's current version (0: the stream has no events yet);
    ``None`` appends whatever the version. Raises ``VersionConflict`` when it differs. A retry
    with the same ``idempotency_key`` and the same stream and events returns the original
    result with ``replayed=True`` and writes nothing; other content raises
    ``IdempotencyConflict``. Inside an outer ``transaction.atomic()`` the append commits with
    it (and holds the club's head until then); otherwise it commits on its own. There it runs in
    a savepoint so that a conflict leaves the caller's transaction usable; a caller that
    abandons its transaction on any error passes ``savepoint=False`` and saves two round trips.
    """
    if not events:
        raise ValueError("append needs at least one event")
    meta = dict(metadata or {})
    if idempotency_key is not None:
        meta["idempotency_key"] = idempotency_key
    partition = _partition(club) if isinstance(club, str | UUID) else club_key(club)
    params = (
        partition,
        stream,
        expected_version,
        text_array([e.type for e in events]),
        "{" + ",".join(str(int(e.schema_version)) for e in events) + "}",
        text_array([canonical_json(e.data) for e in events]),
        canonical_json(meta),
        canonical_json(stream),
        text_array([canonical_json(e.type) for e in events]),
        idempotency_key,
        _request_hash(stream, events) if idempotency_key is not None else None,
    )
    connection = connections[using]
    try:
        if connection.in_atomic_block and savepoint:
            # A savepoint, so a conflict leaves the caller's transaction usable.
            with transaction.atomic(using=using):
                row, replayed_rows = _execute(connection, params)
        else:
            # One statement: in autocommit mode its own transaction, one round trip.
            row, replayed_rows = _execute(connection, params)
    except DatabaseError as error:
        raise _translate(error, stream, expected_version, idempotency_key) from error

    first_position, last_position, first_version, at, prev_hash, hashes, replayed = row
    if replayed:
        recorded = tuple(row_to_event(found) for found in replayed_rows)
    else:
        recorded_at = datetime.fromisoformat(at)
        recorded_list = []
        for index, event in enumerate(events):
            hashed = hashes[index * HASH_LENGTH : (index + 1) * HASH_LENGTH]
            recorded_list.append(
                RecordedEvent(
                    position=first_position + index,
                    stream=stream,
                    version=first_version + index,
                    type=event.type,
                    schema_version=event.schema_version,
                    data=event.data,
                    metadata=meta,
                    recorded_at=recorded_at,
                    hash=hashed,
                    prev_hash=prev_hash,
                    club=partition,
                )
            )
            prev_hash = hashed
        recorded = tuple(recorded_list)
    return AppendResult(
        stream=recorded[0].stream,
        first_version=recorded[0].version,
        last_version=recorded[-1].version,
        first_position=first_position,
        last_position=last_position,
        events=recorded,
        replayed=bool(replayed),
    )


def text_array(items: Sequence[str]) -> str:
    """A ``text[]`` literal: every element quoted, so any text (commas, braces, quotes,
    backslashes, blanks, the word NULL) comes back exactly as it was."""
    return (
        '{"' + '","'.join(item.replace("\\", "\\\\").replace('"', '\\"') for item in items) + '"}'
    )


def _request_hash(stream: str, events: Sequence[NewEvent]) -> str:
    contents = [
        {"type": e.type, "schema_version": e.schema_version, "data": e.data} for e in events
    ]
    return request_hash(stream=stream, events=contents)


def _execute(
    connection: BaseDatabaseWrapper, params: Sequence[Any]
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """The function's one row (and, for an idempotent replay, the rows it stands for).

    Straight on psycopg with server-side parameters and a prepared statement: Django's
    cursor binds on the client, quoting every value into a new SQL text that the server
    parses and plans again. Django's cursor is still used when its queries are watched
    (``DEBUG``, ``CaptureQueriesContext``, execute wrappers), so they see the append."""
    if connection.queries_logged or connection.execute_wrappers:
        with connection.cursor() as cursor:
            cursor.execute(APPEND_SQL, params)
            row = cursor.fetchone()
            rows = []
            if row[6]:
                cursor.execute(REPLAYED_SQL, [params[0], row[0], row[1]])
                rows = cursor.fetchall()
            return row, rows
    # What Django's cursor() checks before it hands a cursor out.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        cursor = _raw_cursor(connection)
        # Prepared unless the connection prepares nothing (OPTIONS prepare_threshold None,
        # e.g. behind a transaction-pooling PgBouncer).
        prepare = None if cursor.connection.prepare_threshold is None else True
        cursor.execute(APPEND_SQL, params, prepare=prepare)
        row = cursor.fetchone()
        assert row is not None
        rows = []
        if row[6]:
            # Read through Django's cursor: its loaders hand jsonb over as the readers expect.
            with connection.cursor() as django_cursor:
                django_cursor.execute(REPLAYED_SQL, [params[0], row[0], row[1]])
                rows = django_cursor.fetchall()
        return row, rows


def _raw_cursor(connection: BaseDatabaseWrapper) -> psycopg.Cursor[Any]:
    """A server-side-binding cursor on the connection's psycopg connection, kept with it
    (rather than a new one per append)."""
    raw = connection.connection
    cursor: psycopg.Cursor[Any] | None = getattr(connection, "_eventstore_cursor", None)
    if cursor is None or cursor.connection is not raw or cursor.closed:
        cursor = psycopg.Cursor(raw)
        connection._eventstore_cursor = cursor  # type: ignore[attr-defined]
    return cursor


@lru_cache(maxsize=4096)
def _partition(club: object) -> str:
    return club_key(club)


def _translate(
    error: DatabaseError, stream: str, expected: int | None, key: str | None
) -> Exception:
    cause = error.__cause__
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate == VERSION_CONFLICT:
        diag = getattr(cause, "diag", None)
        current = int(getattr(diag, "message_detail", None) or -1)
        return VersionConflict(stream, expected, current)
    if sqlstate == IDEMPOTENCY_CONFLICT and key is not None:
        return IdempotencyConflict(key)
    return error
