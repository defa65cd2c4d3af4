"""Reading the log: one stream, or all streams in global order with keyset paging."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC
from typing import Any

from django.db import connections

from games.eventstore.types import RecordedEvent
from games.eventstore.upcasting import upcasters

COLUMNS = (
    "position, stream, version, type, schema_version, data, metadata, recorded_at, hash, prev_hash"
)


def _json(value: Any) -> Any:
    # Django's psycopg setup hands jsonb over as text.
    return json.loads(value) if isinstance(value, str | bytes) else value


def raw_row_to_event(row: Sequence[Any]) -> RecordedEvent:
    """The stored row, exactly (no upcasting): what the hash chain covers."""
    return RecordedEvent(
        position=row[0],
        stream=row[1],
        version=row[2],
        type=row[3],
        schema_version=row[4],
        data=_json(row[5]),
        metadata=_json(row[6]),
        recorded_at=row[7].astimezone(UTC),
        hash=row[8],
        prev_hash=row[9],
    )


def row_to_event(row: Sequence[Any]) -> RecordedEvent:
    event = raw_row_to_event(row)
    schema_version, data = upcasters.upcast(
        type=event.type, schema_version=event.schema_version, data=event.data
    )
    if schema_version == event.schema_version:
        return event
    return RecordedEvent(
        position=event.position,
        stream=event.stream,
        version=event.version,
        type=event.type,
        schema_version=schema_version,
        data=data,
        metadata=event.metadata,
        recorded_at=event.recorded_at,
        hash=event.hash,
        prev_hash=event.prev_hash,
    )


def read_stream(
    *, stream: str, after_version: int = 0, limit: int | None = None, using: str = "default"
) -> list[RecordedEvent]:
    """Events of one stream with version > ``after_version``, in version order."""
    sql = (
        f"SELECT {COLUMNS} FROM eventstore_event "
        "WHERE stream = %s AND version > %s ORDER BY version"
    )
    params: list[Any] = [stream, after_version]
    if limit is not None:
        sql += " LIMIT %s"
        params.append(limit)
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return [row_to_event(row) for row in cursor.fetchall()]


def read_all(
    *,
    after: int = 0,
    limit: int = 1000,
    stream_prefix: str | None = None,
    using: str = "default",
) -> list[RecordedEvent]:
    """Up to ``limit`` events with position > ``after`` in position order.

    Page on with ``after=page[-1].position``. Positions become visible in order without
    gaps, so a tailing reader never skips an event.
    """
    sql = f"SELECT {COLUMNS} FROM eventstore_event WHERE position > %s"
    params: list[Any] = [after]
    if stream_prefix:
        escaped = stream_prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        sql += " AND stream LIKE %s"
        params.append(escaped + "%")
    sql += " ORDER BY position LIMIT %s"
    params.append(limit)
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return [row_to_event(row) for row in cursor.fetchall()]


def stream_version(*, stream: str, using: str = "default") -> int:
    """The stream's current version: the number of its events, 0 if it has none."""
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT version FROM eventstore_event WHERE stream = %s ORDER BY version DESC LIMIT 1",
            [stream],
        )
        row = cursor.fetchone()
        return int(row[0]) if row else 0


def last_position(*, using: str = "default") -> int:
    """The global position of the last committed event (0 when the log is empty)."""
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT position FROM eventstore_event ORDER BY position DESC LIMIT 1")
        row = cursor.fetchone()
        return int(row[0]) if row else 0


def stream_names(*, prefix: str = "", using: str = "default") -> list[str]:
    """Every stream whose name starts with ``prefix``, in the order the streams began."""
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT stream FROM eventstore_event WHERE version = 1 AND stream LIKE %s "
            "ORDER BY position",
            [prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"],
        )
        return [row[0] for row in cursor.fetchall()]
