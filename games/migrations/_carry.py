"""Migration ``games.0007``: from one global chain to one chain per club (named with an
underscore: Django's loader does not take it for a migration).

Forward: the first schema's tables are renamed ``eventstore_*_v1`` (their immutability
triggers go with them; the application role may only read them), the partitioned tables of
``sql/eventstore_v2_*.sql`` are created, and every archived event is appended again, in its global order,
to its club's partition: same stream, version, type, payload, metadata and ``recorded_at``,
a new club position, and a hash in the club's chain. A stream's club is the ``club_id`` of
its ``TableCreated``; a stream without one goes to ``NO_CLUB``. Idempotency keys follow
their events. The archive stays as it was, so its global chain can still be verified
(``v1_event_hash``) and ``eventstore_position_v1`` maps every old position to the new one
(what the ledger, projector and webhook migrations translate their positions with).
An empty first log is simply dropped: a fresh install has no archive. The first log's chain
is verified as it is carried (positions without a gap, each hash recomputed, each link):
a broken one stops the migration, naming the position, so re-chaining can never launder
a tampered event into a valid club chain.

Backward (only while nothing was appended since): the partitioned tables are dropped and
the archive renamed back.
"""

from __future__ import annotations

import json
from typing import Any

from eventlog.canonical import GENESIS_HASH, canonical_json, event_hash, v1_event_hash
from eventlog.reader import NO_CLUB, club_key
from games.migrations._sql import APPEND_SIGNATURE_V2, sql
from table_stream import TABLE_CREATED

#: The arguments of the first schema's `eventstore_append` (`sql/eventstore_append_v1.sql`).
V1_APPEND_SIGNATURE = "text, integer, text[], integer[], text[], text, text, text[], text, text"
#: The first schema, as migration 0001 made it (a list: each block is run whole).
V1_FORWARD = ["eventstore_v1_tables", "eventstore_v1_triggers", "eventstore_append_v1"]

PAGE = 5000

_RENAMES = [
    ("eventstore_event", "eventstore_event_v1"),
    ("eventstore_head", "eventstore_head_v1"),
    ("eventstore_idempotency", "eventstore_idempotency_v1"),
]
_INDEXES = [
    ("eventstore_event_pkey", "eventstore_event_v1_pkey"),
    ("eventstore_event_stream_version", "eventstore_event_v1_stream_version"),
    ("eventstore_head_pkey", "eventstore_head_v1_pkey"),
    ("eventstore_idempotency_pkey", "eventstore_idempotency_v1_pkey"),
]

POSITION_MAP = r"""
CREATE TABLE eventstore_position_v1 (
    old_position bigint PRIMARY KEY,
    club_id uuid NOT NULL,
    position bigint NOT NULL
);
CREATE TRIGGER eventstore_position_v1_no_update_delete
    BEFORE UPDATE OR DELETE ON eventstore_position_v1
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
"""


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def forward(cursor: Any) -> int:
    """Returns the number of events carried over."""
    cursor.execute("SELECT count(*) FROM eventstore_event")
    (count,) = cursor.fetchone()
    for old, new in _RENAMES:
        cursor.execute(f"ALTER TABLE {old} RENAME TO {new}")
    for old, new in _INDEXES:
        cursor.execute(f"ALTER INDEX {old} RENAME TO {new}")
    cursor.execute(f"DROP FUNCTION eventstore_append({V1_APPEND_SIGNATURE})")
    cursor.execute(sql("eventstore_v2_tables"))
    cursor.execute(sql("eventstore_v2_triggers"))
    cursor.execute(sql("eventstore_append_v2"))
    if count == 0:
        cursor.execute(
            "DROP TABLE eventstore_event_v1, eventstore_head_v1, eventstore_idempotency_v1"
        )
        return 0
    cursor.execute(POSITION_MAP)
    _carry_events(cursor)
    cursor.execute(
        "INSERT INTO eventstore_idempotency (club_id, key, request_hash, stream, "
        "first_position, last_position, recorded_at) "
        "SELECT f.club_id, k.key, k.request_hash, k.stream, f.position, l.position, "
        "k.recorded_at FROM eventstore_idempotency_v1 k "
        "JOIN eventstore_position_v1 f ON f.old_position = k.first_position "
        "JOIN eventstore_position_v1 l ON l.old_position = k.last_position"
    )
    return int(count)


def _carry_events(cursor: Any) -> None:
    cursor.execute(
        "SELECT stream, data->>'club_id' FROM eventstore_event_v1 WHERE version = 1 AND type = %s",
        [TABLE_CREATED],
    )
    club_of: dict[str, str] = {}
    for stream, club in cursor.fetchall():
        try:
            club_of[stream] = club_key(club)
        except (TypeError, ValueError):
            club_of[stream] = NO_CLUB
    heads: dict[str, tuple[int, str]] = {}
    old_chain = (0, GENESIS_HASH)  # the first log's last verified position and hash
    after = 0
    while True:
        cursor.execute(
            "SELECT position, stream, version, type, schema_version, data, metadata, "
            "recorded_at, hash, prev_hash FROM eventstore_event_v1 WHERE position > %s "
            "ORDER BY position LIMIT %s",
            [after, PAGE],
        )
        rows = cursor.fetchall()
        if not rows:
            break
        events, mapping = [], []
        for row in rows:
            old, stream, version, type_, schema_version, data, metadata, at = row[:8]
            data, metadata = _json(data), _json(metadata)
            old_chain = _check_v1(row, data, metadata, old_chain)
            club = club_of.get(stream, NO_CLUB)
            last, prev = heads.get(club, (0, GENESIS_HASH))
            position = last + 1
            hashed = event_hash(
                club=club,
                position=position,
                stream=stream,
                version=version,
                type=type_,
                schema_version=schema_version,
                data=data,
                metadata=metadata,
                recorded_at=at,
                prev_hash=prev,
            )
            heads[club] = (position, hashed)
            events.append(
                (
                    club,
                    position,
                    stream,
                    version,
                    type_,
                    schema_version,
                    canonical_json(data),
                    canonical_json(metadata),
                    at,
                    hashed,
                    prev,
                )
            )
            mapping.append((old, club, position))
        cursor.executemany(
            "INSERT INTO eventstore_event (club_id, position, stream, version, type, "
            "schema_version, data, metadata, recorded_at, hash, prev_hash) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s, %s, %s)",
            events,
        )
        cursor.executemany(
            "INSERT INTO eventstore_position_v1 (old_position, club_id, position) "
            "VALUES (%s, %s, %s)",
            mapping,
        )
        after = rows[-1][0]
    cursor.executemany(
        "INSERT INTO eventstore_head (club_id, last_position, last_hash) VALUES (%s, %s, %s)",
        [(club, last, hashed) for club, (last, hashed) in heads.items()],
    )


class BrokenLog(RuntimeError):
    """The first log's chain does not verify: it is not carried forward."""


def _check_v1(
    row: tuple[Any, ...], data: Any, metadata: Any, chain: tuple[int, str]
) -> tuple[int, str]:
    old, stream, version, type_, schema_version, _, _, at, stored, prev_hash = row
    where = f"the first log is broken at position {old}"
    if old != chain[0] + 1:
        raise BrokenLog(f"{where}: position {chain[0] + 1} is missing")
    if prev_hash != chain[1]:
        raise BrokenLog(f"{where}: prev_hash does not link")
    recomputed = v1_event_hash(
        position=old,
        prev_hash=prev_hash,
        stream=stream,
        version=version,
        type=type_,
        schema_version=schema_version,
        data=data,
        metadata=metadata,
        recorded_at=at,
    )
    if recomputed != stored:
        raise BrokenLog(f"{where}: hash does not match; nothing was migrated")
    return old, stored


def backward(cursor: Any) -> None:
    cursor.execute("SELECT to_regclass('eventstore_event_v1') IS NOT NULL")
    (archived,) = cursor.fetchone()
    cursor.execute("SELECT count(*) FROM eventstore_event")
    (count,) = cursor.fetchone()
    archived_count = 0
    if archived:
        cursor.execute("SELECT count(*) FROM eventstore_event_v1")
        (archived_count,) = cursor.fetchone()
    if count != archived_count:
        raise RuntimeError(
            "events were appended to the partitioned log since the migration: going back "
            "would lose them"
        )
    cursor.execute(f"DROP FUNCTION eventstore_append({APPEND_SIGNATURE_V2})")
    cursor.execute("DROP TABLE eventstore_event, eventstore_head, eventstore_idempotency")
    if not archived:
        # The first schema again, as migration 0001 made it (trigger functions included).
        cursor.execute("DROP FUNCTION eventstore_refuse_change(), eventstore_head_forward_only()")
        for name in V1_FORWARD:
            cursor.execute(sql(name))
        return
    cursor.execute("DROP TABLE eventstore_position_v1")
    for old, new in _RENAMES:
        cursor.execute(f"ALTER TABLE {new} RENAME TO {old}")
    for old, new in _INDEXES:
        cursor.execute(f"ALTER INDEX {new} RENAME TO {old}")
    cursor.execute(sql("eventstore_append_v1"))
