"""``append``: the only code that writes to the event log."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from typing import Any

from django.db import DatabaseError, connections, transaction

from games.eventstore.canonical import canonical_json, request_hash
from games.eventstore.reader import club_key, row_to_event
from games.eventstore.types import (
    AppendResult,
    IdempotencyConflict,
    NewEvent,
    RecordedEvent,
    VersionConflict,
)

APPEND_SQL = (
    "SELECT * FROM eventstore_append(%s::uuid, %s::text, %s::integer, %s::text[], "
    "%s::integer[], %s::text[], %s::text, %s::text, %s::text[], %s::text, %s::text)"
)
VERSION_CONFLICT = "BR001"
IDEMPOTENCY_CONFLICT = "BR002"


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
    contents = [
        {"type": e.type, "schema_version": e.schema_version, "data": e.data} for e in events
    ]
    partition = club_key(club)
    params = [
        partition,
        stream,
        expected_version,
        [e.type for e in events],
        [e.schema_version for e in events],
        [canonical_json(e.data) for e in events],
        canonical_json(meta),
        canonical_json(stream),
        [canonical_json(e.type) for e in events],
        idempotency_key,
        request_hash(stream=stream, events=contents) if idempotency_key is not None else None,
    ]
    connection = connections[using]
    try:
        if connection.in_atomic_block and savepoint:
            # A savepoint, so a conflict leaves the caller's transaction usable.
            with transaction.atomic(using=using), connection.cursor() as cursor:
                cursor.execute(APPEND_SQL, params)
                rows = cursor.fetchall()
        else:
            # One statement: in autocommit mode its own transaction, one round trip.
            with connection.cursor() as cursor:
                cursor.execute(APPEND_SQL, params)
                rows = cursor.fetchall()
    except DatabaseError as error:
        raise _translate(error, stream, expected_version, idempotency_key) from error

    if rows and rows[0][11]:
        recorded = tuple(row_to_event(row[:11]) for row in rows)
        replayed = True
    else:
        recorded = tuple(
            RecordedEvent(
                position=row[0],
                stream=stream,
                version=row[2],
                type=event.type,
                schema_version=event.schema_version,
                data=event.data,
                metadata=meta,
                recorded_at=row[7].astimezone(UTC),
                hash=row[8],
                prev_hash=row[9],
                club=partition,
            )
            for row, event in zip(rows, events, strict=True)
        )
        replayed = False
    return AppendResult(
        stream=recorded[0].stream,
        first_version=recorded[0].version,
        last_version=recorded[-1].version,
        first_position=recorded[0].position,
        last_position=recorded[-1].position,
        events=recorded,
        replayed=replayed,
    )


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
