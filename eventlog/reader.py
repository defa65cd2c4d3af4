"""Reading the log: one stream, or a club partition in position order with keyset paging.

Positions count within a club's partition. A reader that follows the whole log keeps one
checkpoint per club (``partition_heads`` says which clubs have something new) and reads
each club with ``read_all(club=..., after=its checkpoint)``.
"""

from __future__ import annotations

import dataclasses
import json
import re
import uuid
from collections.abc import Collection, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson
from django.db import connections

from eventlog.citus import is_distributed
from eventlog.types import RecordedEvent
from eventlog.upcasting import upcasters

COLUMNS = (
    "position, stream, version, type, schema_version, data, metadata, recorded_at, hash, "
    "prev_hash, club_id"
)

#: The partition of streams appended without a club (never by the service: tests, tools).
NO_CLUB = "00000000-0000-0000-0000-000000000000"


def club_key(club: object) -> str:
    """A club id as the log spells it: the uuid, lower case with hyphens."""
    return str(club if isinstance(club, uuid.UUID) else uuid.UUID(str(club)))


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
        club=str(row[10]),
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
        club=event.club,
    )


# 19 digits in a row: maybe an integer beyond 64 bits, which orjson would turn into a float.
_LONG_DIGITS = re.compile(r"[0-9]{19}")


def _loads(text: str) -> Any:
    """JSON text from jsonb, decoded by orjson (about three times json's speed), or by json
    when it may hold what orjson cannot give back exactly (integers beyond 64 bits)."""
    if _LONG_DIGITS.search(text) is None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


# The base class's own slots, written past the properties below (and past the frozen
# dataclass's refusal, as its own generated __init__ does).
_DATA = RecordedEvent.__dict__["data"]
_METADATA = RecordedEvent.__dict__["metadata"]
_RECORDED_AT = RecordedEvent.__dict__["recorded_at"]
_FIELDS = tuple(f.name for f in dataclasses.fields(RecordedEvent))


class _LazyRecordedEvent(RecordedEvent):
    """A `RecordedEvent` read with ``lazy=True``: ``data``, ``metadata`` and ``recorded_at``
    are held as the text the database sent and decoded on first read, once (the decoded
    value replaces the text in the event's own slot). Equal to, and read like, the event
    decoded at once; a reader that never looks at most payloads (the replay folds a settled
    deal from its rulings and skips its plays; no fold reads metadata) skips their decoding.
    Only events with no upcaster for their schema version are made lazy."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        # The dataclass's own __eq__ wants the very same class.
        if not isinstance(other, RecordedEvent):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    __hash__ = RecordedEvent.__hash__

    @property
    def data(self) -> dict[str, Any]:
        value = _DATA.__get__(self)
        if isinstance(value, str):
            value = _loads(value)
            _DATA.__set__(self, value)
        return value  # type: ignore[no-any-return]

    @data.setter
    def data(self, value: Any) -> None:
        _DATA.__set__(self, value)

    @property
    def metadata(self) -> dict[str, Any]:
        value = _METADATA.__get__(self)
        if isinstance(value, str):
            value = _loads(value)
            _METADATA.__set__(self, value)
        return value  # type: ignore[no-any-return]

    @metadata.setter
    def metadata(self, value: Any) -> None:
        _METADATA.__set__(self, value)

    @property
    def recorded_at(self) -> datetime:
        value = _RECORDED_AT.__get__(self)
        if isinstance(value, str):
            value = datetime.fromisoformat(value).astimezone(UTC)
            _RECORDED_AT.__set__(self, value)
        return value  # type: ignore[no-any-return]

    @recorded_at.setter
    def recorded_at(self, value: Any) -> None:
        _RECORDED_AT.__set__(self, value)


# The lazy read's columns: the time as text (decoded on first read), the club as text.
_LAZY_COLUMNS = (
    "position, stream, version, type, schema_version, data::text, metadata::text, "
    "recorded_at::text, hash, prev_hash, club_id::text"
)


def _lazy_row_to_event(row: Sequence[Any]) -> RecordedEvent:
    if upcasters.applies(type=row[3], schema_version=row[4]):
        return row_to_event((*row[:7], datetime.fromisoformat(row[7]), *row[8:]))
    return _LazyRecordedEvent(*row)


def _like_prefix(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def read_stream(
    *,
    stream: str,
    club: object | None = None,
    after_version: int = 0,
    after_position: int = 0,
    limit: int | None = None,
    types: Collection[str] | None = None,
    lazy: bool = False,
    using: str = "default",
) -> list[RecordedEvent]:
    """Events of one stream with version > ``after_version`` (and position in the club >
    ``after_position``; of ``types`` only, when given), in version order. Give the
    stream's ``club`` when it is known: distributed by club, the read stays on one shard.
    ``lazy``: each event's data, metadata and time decoded only when first read (for a
    reader that skips most of them: the replay)."""
    columns = _LAZY_COLUMNS if lazy else COLUMNS
    sql = f"SELECT {columns} FROM eventstore_event WHERE stream = %s AND version > %s"
    params: list[Any] = [stream, after_version]
    if club is not None:
        sql += " AND club_id = %s"
        params.append(club_key(club))
    if after_position:
        sql += " AND position > %s"
        params.append(after_position)
    if types is not None:
        sql += " AND type = ANY(%s)"
        params.append(list(types))
    sql += " ORDER BY version"
    if limit is not None:
        sql += " LIMIT %s"
        params.append(limit)
    convert = _lazy_row_to_event if lazy else row_to_event
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return [convert(row) for row in cursor.fetchall()]


def read_all(
    *,
    club: object,
    after: int = 0,
    limit: int = 1000,
    stream_prefix: str | None = None,
    to_position: int | None = None,
    upcast: bool = True,
    lazy: bool = False,
    using: str = "default",
) -> list[RecordedEvent]:
    """Up to ``limit`` events of ``club``'s partition with position > ``after`` (and at
    most ``to_position``), in position order; ``upcast=False`` gives the rows exactly as
    stored (what the hash chain covers: the audit export). ``lazy`` (upcast only): each
    event's data, metadata and time decoded when first read, as `read_stream` does (the
    followers: a projector looks at a few of the types it is handed).

    Page on with ``after=page[-1].position``. Within a club positions become visible in
    order without gaps, so a tailing reader never skips an event.
    """
    lazy = lazy and upcast
    columns = _LAZY_COLUMNS if lazy else COLUMNS
    sql = f"SELECT {columns} FROM eventstore_event WHERE club_id = %s AND position > %s"
    params: list[Any] = [club_key(club), after]
    if to_position is not None:
        sql += " AND position <= %s"
        params.append(to_position)
    if stream_prefix:
        sql += " AND stream LIKE %s"
        params.append(_like_prefix(stream_prefix))
    sql += " ORDER BY position LIMIT %s"
    params.append(limit)
    convert = _lazy_row_to_event if lazy else row_to_event if upcast else raw_row_to_event
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return [convert(row) for row in cursor.fetchall()]


# One index probe per club: a club's head is its last event.
HEADS_SQL = (
    "SELECT p.club_id, l.position FROM eventstore_partition p CROSS JOIN LATERAL "
    "(SELECT e.position FROM eventstore_event e WHERE e.club_id = p.club_id "
    "ORDER BY e.position DESC LIMIT 1) l"
)


def partition_heads(*, using: str = "default") -> dict[str, int]:
    """Every club partition with its last committed position. Within a club positions
    commit in order, so every position up to it is readable."""
    with connections[using].cursor() as cursor:
        cursor.execute(HEADS_SQL + " ORDER BY p.club_id")
        return {str(club): int(last) for club, last in cursor.fetchall()}


def unlisted_clubs(*, using: str = "default") -> list[str]:
    """Clubs with events but no row in ``eventstore_partition``: invisible to
    ``partition_heads`` and so to every follower and whole-log export. Only a log loaded
    around ``eventstore_append`` (a partial restore, a bulk copy) can have one; the
    whole-log audit looks for them. A skip scan of the primary key: one probe per club."""
    with connections[using].cursor() as cursor:
        if is_distributed(cursor):
            # Citus plans no recursive query over distributed tables: an anti-join of the
            # co-located tables instead, run by every worker on its shards (a scan of each,
            # in parallel; the nightly audit's price on a cluster).
            cursor.execute(
                "SELECT DISTINCT e.club_id FROM eventstore_event e WHERE NOT EXISTS"
                " (SELECT 1 FROM eventstore_partition p WHERE p.club_id = e.club_id)"
                " ORDER BY e.club_id"
            )
            return [str(row[0]) for row in cursor.fetchall()]
        cursor.execute(
            "WITH RECURSIVE club(id) AS ("
            " (SELECT club_id FROM eventstore_event ORDER BY club_id LIMIT 1)"
            " UNION ALL"
            " SELECT (SELECT e.club_id FROM eventstore_event e WHERE e.club_id > club.id"
            "         ORDER BY e.club_id LIMIT 1)"
            " FROM club WHERE club.id IS NOT NULL)"
            " SELECT id FROM club WHERE id IS NOT NULL AND NOT EXISTS"
            " (SELECT 1 FROM eventstore_partition p WHERE p.club_id = club.id) ORDER BY id"
        )
        return [str(row[0]) for row in cursor.fetchall()]


def partitions_behind(
    checkpoints: Mapping[str, int], *, using: str = "default"
) -> dict[str, tuple[int, int]]:
    """The clubs whose head is past ``checkpoints`` (a club missing from it is at 0):
    ``{club: (checkpoint, head)}``, for a follower that checkpoints per club."""
    return {
        club: (checkpoints.get(club, 0), head)
        for club, head in partition_heads(using=using).items()
        if head > checkpoints.get(club, 0)
    }


def stream_version(*, stream: str, club: object | None = None, using: str = "default") -> int:
    """The stream's current version: the number of its events, 0 if it has none."""
    sql = "SELECT version FROM eventstore_event WHERE stream = %s"
    params: list[Any] = [stream]
    if club is not None:
        sql += " AND club_id = %s"
        params.append(club_key(club))
    with connections[using].cursor() as cursor:
        cursor.execute(sql + " ORDER BY version DESC LIMIT 1", params)
        row = cursor.fetchone()
        return int(row[0]) if row else 0


def last_position(*, club: object | None = None, using: str = "default") -> int:
    """The club's last committed position (0 for an empty partition); without ``club``,
    the number of events in the whole log (the sum of every club's head), which is what
    a follower that has read everything has counted."""
    with connections[using].cursor() as cursor:
        if club is None:
            cursor.execute(f"SELECT coalesce(sum(h.position), 0) FROM ({HEADS_SQL}) h")
        else:
            cursor.execute(
                "SELECT position FROM eventstore_event WHERE club_id = %s "
                "ORDER BY position DESC LIMIT 1",
                [club_key(club)],
            )
        row = cursor.fetchone()
        return int(row[0]) if row and row[0] is not None else 0


def stream_names(
    *, prefix: str = "", club: object | None = None, using: str = "default"
) -> list[str]:
    """Every stream whose name starts with ``prefix`` (of one club, or of every club), in
    the order the streams began within a club, club by club."""
    sql = "SELECT stream FROM eventstore_event WHERE version = 1 AND stream LIKE %s"
    params: list[Any] = [_like_prefix(prefix)]
    if club is not None:
        sql += " AND club_id = %s"
        params.append(club_key(club))
    with connections[using].cursor() as cursor:
        cursor.execute(sql + " ORDER BY club_id, position", params)
        return [row[0] for row in cursor.fetchall()]


def stream_first_events(
    *, prefix: str = "", club: object | None = None, using: str = "default"
) -> list[RecordedEvent]:
    """Version 1 of every stream whose name starts with ``prefix`` (of one club, or of
    every club, club by club), in the order the streams began within a club."""
    sql = f"SELECT {COLUMNS} FROM eventstore_event WHERE version = 1 AND stream LIKE %s"
    params: list[Any] = [_like_prefix(prefix)]
    if club is not None:
        sql += " AND club_id = %s"
        params.append(club_key(club))
    with connections[using].cursor() as cursor:
        cursor.execute(sql + " ORDER BY club_id, position", params)
        return [row_to_event(row) for row in cursor.fetchall()]


def stream_club(*, stream: str, using: str = "default") -> str | None:
    """The club a stream belongs to (None for a stream with no events)."""
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT club_id FROM eventstore_event WHERE stream = %s AND version = 1", [stream]
        )
        row = cursor.fetchone()
        return str(row[0]) if row else None
