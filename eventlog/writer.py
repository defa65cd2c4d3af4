"""``append``: the only code that writes to the event log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from time import monotonic
from typing import Any
from uuid import UUID

import psycopg
from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from psycopg import pq

from eventlog import citus
from eventlog.canonical import canonical_json, request_hash
from eventlog.reader import COLUMNS, club_key, row_to_event
from eventlog.schema import ONE_EVENT_INSERT
from eventlog.types import (
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


def _numbered(sql: str) -> bytes:
    """``%s`` placeholders as libpq's ``$1, $2, ...``."""
    first, *rest = sql.split("%s")
    return (first + "".join(f"${n}{part}" for n, part in enumerate(rest, start=1))).encode()


# The same, for libpq's own placeholders: prepared once per connection under a name of
# its own (psycopg's are called _pg3_N).
STATEMENT = b"eventstore_append"
PREPARED_SQL = _numbered(APPEND_SQL)
REPLAYED_SQL = (
    f"SELECT {COLUMNS} FROM eventstore_event "
    "WHERE club_id = %s AND position BETWEEN %s AND %s ORDER BY position"
)


@dataclass(frozen=True, slots=True)
class Call:
    """A statement that answers ``eventstore_append``'s row: its SQL for psycopg's cursor,
    and the same with libpq's placeholders, prepared once per connection under ``name``."""

    sql: str
    name: bytes
    prepared: bytes


APPEND = Call(APPEND_SQL, STATEMENT, PREPARED_SQL)
# One event in a transaction of its own, without the function (``schema.ONE_EVENT_INSERT``):
# straight on libpq only, so it has libpq's placeholders alone (where the append goes
# through a cursor, the function appends).
ONE_EVENT = Call("", b"eventstore_append_one", ONE_EVENT_INSERT.encode())
UNIQUE_VIOLATION = "23505"
# A club whose one-statement append missed twice running (mostly: other appends of the club
# keep its lock busy) appends through the function straight away for a while, rather than
# trying twice a call. One miss alone says little (the club's first event, a conflict).
# Per process: the clubs that missed last time, and those shut until a moment.
_MISSED: set[str] = set()
_SHUT: dict[str, float] = {}
SHUT_FOR_S = 1.0


@dataclass(frozen=True, slots=True)
class WriteFirst:
    """A database function of the caller's that writes what must commit with the append and
    then calls ``eventstore_append`` itself, in one statement (one round trip): its own
    leading arguments (``args``, cast to ``casts``), then the append's, and it answers the
    append's row. The function's errors pass through ``append`` untranslated."""

    function: str
    casts: tuple[str, ...]
    args: tuple[Any, ...]


@lru_cache(maxsize=16)
def _call(function: str, casts: tuple[str, ...]) -> Call:
    own = ", ".join(f"%s::{cast}" for cast in casts)
    sql = APPEND_SQL.replace("eventstore_append(", f"{function}({own}, ", 1)
    return Call(sql, function.encode(), _numbered(sql))


VERSION_CONFLICT = "BR001"
INVALID_STATEMENT_NAME = b"26000"
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
    first: WriteFirst | None = None,
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
    it (and holds the club's lock until then); otherwise it commits on its own. There it runs in
    a savepoint so that a conflict leaves the caller's transaction usable; a caller that
    abandons its transaction on any error passes ``savepoint=False`` and saves two round trips.
    With ``first``, the caller's function writes its own rows and appends in one statement.
    """
    if not events:
        raise ValueError("append needs at least one event")
    meta = dict(metadata or {})
    if idempotency_key is not None:
        meta["idempotency_key"] = idempotency_key
    partition = _partition(club) if isinstance(club, (str, UUID)) else club_key(club)
    connection = connections[using]
    if len(events) == 1 and idempotency_key is None and first is None:
        alone = _one_event(connection, partition, stream, expected_version, events[0], meta)
        if alone is not None:
            return alone
    if len(events) == 1:  # most appends: no comprehensions, the type's pieces cached
        types, versions, type_json = _one_event_arrays(events[0].type, events[0].schema_version)
        data = text_array((canonical_json(events[0].data),))
    else:
        types = text_array([e.type for e in events])
        versions = "{" + ",".join(str(int(e.schema_version)) for e in events) + "}"
        type_json = text_array([canonical_json(e.type) for e in events])
        data = text_array([canonical_json(e.data) for e in events])
    params: tuple[Any, ...] = (
        partition,
        stream,
        expected_version,
        types,
        versions,
        data,
        canonical_json(meta),
        canonical_json(stream),
        type_json,
        idempotency_key,
        _request_hash(stream, events) if idempotency_key is not None else None,
    )
    call = APPEND
    if first is not None:
        call = _call(first.function, first.casts)
        params = (*first.args, *params)
    try:
        if connection.in_atomic_block and savepoint:
            # A savepoint, so a conflict leaves the caller's transaction usable.
            with transaction.atomic(using=using):
                row, replayed_rows = _execute(connection, call, params)
        else:
            # One statement: in autocommit mode its own transaction, one round trip.
            row, replayed_rows = _execute(connection, call, params)
    except DatabaseError as error:
        translated = _translate(error, stream, expected_version, idempotency_key)
        if translated is error:
            raise  # as it was, its cause (the driver's error, its SQLSTATE) kept
        raise translated from error

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


def _one_event(
    connection: BaseDatabaseWrapper,
    partition: str,
    stream: str,
    expected: int | None,
    event: NewEvent,
    meta: dict[str, Any],
) -> AppendResult | None:
    """One event appended in a transaction of its own by one statement, without the
    function (``schema.ONE_EVENT_INSERT`` says why the log stays right). None where that way
    is not open (inside a transaction, queries watched, prepared statements off, Citus, an
    argument libpq cannot take, a club that keeps missing) or the statement inserted
    nothing: the club's first event, another stream's event last in the club, the stream
    not at the expected version, the club's lock held, or another append of the club first
    to the position. Then the function appends, and decides under the club's lock."""
    if connection.in_atomic_block or connection.queries_logged or connection.execute_wrappers:
        return None
    if partition in _SHUT and _SHUT[partition] > monotonic():
        return None
    _ready(connection)
    raw = connection.connection
    if not raw.autocommit or not _libpq_may_run(raw) or citus.log_distributed(connection):
        return None
    data, metadata = canonical_json(event.data), canonical_json(meta)
    encoded = _encoded(
        (partition, stream, expected, event.type, event.schema_version, data, metadata)
    )
    if encoded is None:
        return None
    encoded += _one_event_json(stream, event.type)
    try:
        with connection.wrap_database_errors:
            result = _exec_prepared(connection, raw, ONE_EVENT, encoded)
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) != UNIQUE_VIOLATION:
            raise
        result = None
    if result is None or result.ntuples == 0:
        if partition not in _MISSED:
            if len(_MISSED) > 4096:
                _MISSED.clear()
            _MISSED.add(partition)
        else:
            if len(_SHUT) > 4096:  # clubs come and go: forget the old ones
                _SHUT.clear()
            _SHUT[partition] = monotonic() + SHUT_FOR_S
        return None
    _MISSED.discard(partition)
    value = result.get_value
    position, version = int(value(0, 0)), int(value(0, 1))
    recorded = RecordedEvent(
        position=position,
        stream=stream,
        version=version,
        type=event.type,
        schema_version=event.schema_version,
        data=event.data,
        metadata=meta,
        recorded_at=datetime.fromisoformat(value(0, 2).decode()),
        hash=value(0, 3).decode(),
        prev_hash=value(0, 4).decode(),
        club=partition,
    )
    return AppendResult(
        stream=stream,
        first_version=version,
        last_version=version,
        first_position=position,
        last_position=position,
        events=(recorded,),
        replayed=False,
    )


@lru_cache(maxsize=256)
def _one_event_json(stream: str, type_: str) -> list[bytes | None]:
    """The stream's and the type's JSON, as libpq takes them (a club's appends mostly go on
    a few streams)."""
    return [canonical_json(stream).encode(), canonical_json(type_).encode()]


def text_array(items: Sequence[str]) -> str:
    """A ``text[]`` literal: every element quoted, so any text (commas, braces, quotes,
    backslashes, blanks, the word NULL) comes back exactly as it was."""
    return (
        '{"' + '","'.join(item.replace("\\", "\\\\").replace('"', '\\"') for item in items) + '"}'
    )


@lru_cache(maxsize=256)
def _one_event_arrays(type_: str, schema_version: int) -> tuple[str, str, str]:
    """The type, schema-version and JSON-type arrays of a one-event append (event types
    are few)."""
    return (
        text_array((type_,)),
        "{" + str(int(schema_version)) + "}",
        text_array((canonical_json(type_),)),
    )


def _request_hash(stream: str, events: Sequence[NewEvent]) -> str:
    contents = [
        {"type": e.type, "schema_version": e.schema_version, "data": e.data} for e in events
    ]
    return request_hash(stream=stream, events=contents)


def _execute(
    connection: BaseDatabaseWrapper, call: Call, params: Sequence[Any]
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """The function's one row (and, for an idempotent replay, the rows it stands for).

    Straight on libpq (``psycopg.pq``), as a statement prepared once per connection: the
    append is the service's most frequent statement, its arguments are text already and its
    answer seven scalars, and psycopg's cursor (adapting, result sets, its own prepared
    statement cache) cost more client CPU than everything else in the append, about a
    third of it under load. Django's cursor is still used when its queries are watched
    (``DEBUG``, ``CaptureQueriesContext``, execute wrappers), so they see the append,
    and psycopg's when prepared statements are off (``EVENTSTORE_PREPARED_APPEND``, e.g.
    behind a transaction-pooling PgBouncer before 1.21) or an argument is one libpq cannot
    take as it is (a NUL, a lone surrogate): psycopg refuses those with its usual errors."""
    if connection.queries_logged or connection.execute_wrappers:
        with connection.cursor() as cursor:
            cursor.execute(call.sql, params)
            row = cursor.fetchone()
            return row, _replayed_rows(connection, params[-11], row)
    _ready(connection)
    with connection.wrap_database_errors:
        raw = connection.connection
        encoded = _encoded(params) if _libpq_may_run(raw) else None
        if encoded is None:
            cursor = psycopg.Cursor(raw)
            cursor.execute(call.sql, params)
            row = cursor.fetchone()
            assert row is not None
        else:
            row = _function_row(_exec_prepared(connection, raw, call, encoded))
    return row, _replayed_rows(connection, params[-11], row)


def _ready(connection: BaseDatabaseWrapper) -> None:
    """What Django's cursor() checks before it hands a cursor out, for a statement sent
    straight on libpq."""
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()


def _libpq_may_run(raw: psycopg.Connection[Any]) -> bool:
    """Whether the append may go straight to libpq on this connection now.

    Not when psycopg prepares statements of its own (OPTIONS prepare_threshold): it then
    sends DEALLOCATE ALL after a rollback, which drops ours too. And not as the first
    statement of a transaction: psycopg sends the BEGIN of a non-autocommit connection
    lazily, with the next statement it runs, so a call straight to libpq before any other
    would run, and commit, on its own (an outermost ``atomic()`` sends nothing until its
    first query)."""
    if not settings.EVENTSTORE_PREPARED_APPEND or raw.prepare_threshold is not None:
        return False
    return raw.autocommit or raw.pgconn.transaction_status != pq.TransactionStatus.IDLE


def _encoded(params: Sequence[Any]) -> list[bytes | None] | None:
    """The arguments as libpq takes them (text), or None if one cannot go as it is."""
    out: list[bytes | None] = []
    for value in params:
        if value is None:
            out.append(None)
        elif isinstance(value, str):
            if "\x00" in value:
                return None
            try:
                out.append(value.encode())
            except UnicodeEncodeError:
                return None
        else:
            out.append(str(int(value)).encode())
    return out


def _exec_prepared(
    connection: BaseDatabaseWrapper,
    raw: psycopg.Connection[Any],
    call: Call,
    encoded: list[bytes | None],
) -> pq.abc.PGresult:
    pgconn = raw.pgconn
    # Prepared once per server connection (a reconnect brings a new pgconn): the
    # connection's statements of ours, by name, and the pgconn they were prepared on.
    prepared = getattr(connection, "_eventstore_prepared", None)
    if prepared is None or prepared[0] is not pgconn:
        prepared = (pgconn, set())
        connection._eventstore_prepared = prepared  # type: ignore[attr-defined]
    if call.name not in prepared[1]:
        _check(pgconn.prepare(call.name, call.prepared), raw)
        prepared[1].add(call.name)
    result = pgconn.exec_prepared(call.name, encoded)
    if result.error_field(pq.DiagnosticField.SQLSTATE) == INVALID_STATEMENT_NAME:
        # Deallocated behind our back (DEALLOCATE ALL, DISCARD ALL): prepared again by the
        # next append, and by this one too when it is a transaction of its own.
        connection._eventstore_prepared = None  # type: ignore[attr-defined]
        if raw.autocommit and pgconn.transaction_status == pq.TransactionStatus.IDLE:
            return _exec_prepared(connection, raw, call, encoded)
    _check(result, raw)
    return result


def _function_row(result: pq.abc.PGresult) -> tuple[Any, ...]:
    """``eventstore_append``'s row, parsed."""
    value = result.get_value
    if value(0, 6) == b"t":  # an idempotent replay: its positions only
        return int(value(0, 0)), int(value(0, 1)), None, None, None, None, True
    return (
        int(value(0, 0)),
        int(value(0, 1)),
        int(value(0, 2)),
        value(0, 3).decode(),
        value(0, 4).decode(),
        value(0, 5).decode(),
        False,
    )


def _check(result: pq.abc.PGresult, raw: psycopg.Connection[Any]) -> None:
    if result.status not in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
        if raw.pgconn.status == pq.ConnStatus.BAD:
            raise psycopg.OperationalError("the connection is lost")
        raise psycopg.errors.error_from_result(result, encoding=raw.info.encoding)


def _replayed_rows(
    connection: BaseDatabaseWrapper, partition: str, row: tuple[Any, ...]
) -> list[tuple[Any, ...]]:
    """An idempotent replay's events (``partition``: the club's), read through Django's
    cursor: its loaders hand jsonb over as the readers expect."""
    if not row[6]:
        return []
    with connection.cursor() as cursor:
        cursor.execute(REPLAYED_SQL, [partition, row[0], row[1]])
        return cursor.fetchall()


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
