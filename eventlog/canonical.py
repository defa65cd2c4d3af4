"""The canonical encoding the hash chain is computed over.

SHA-256 of the UTF-8 bytes of JSON with sorted keys, no whitespace and ``ensure_ascii=False``
over ``club, position, stream, version, type, schema_version, data, metadata, recorded_at,
prev_hash`` (``club``: the partition's uuid, lower case with hyphens; ``position`` and
``prev_hash`` are the club's own: one chain per club); ``recorded_at`` is UTC ISO-8601 with
microseconds (``...T12:00:00.000000+00:00``). The database function ``eventstore_append``
builds the very same bytes; changing either side breaks every stored chain, which
``tests/eventlog/test_canonical.py`` pins.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from eventlog.types import RecordedEvent

GENESIS_HASH = "0" * 64


# One encoder for every call: ``json.dumps`` with options builds a new encoder each time.
_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def canonical_json(value: Any) -> str:
    return _encode(value)


def iso_utc(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(tzinfo=UTC).isoformat(timespec="microseconds")


def event_hash(
    *,
    club: str,
    position: int,
    stream: str,
    version: int,
    type: str,
    schema_version: int,
    data: dict[str, Any],
    metadata: dict[str, Any],
    recorded_at: datetime,
    prev_hash: str,
) -> str:
    body = canonical_json(
        {
            "club": club,
            "position": position,
            "stream": stream,
            "version": version,
            "type": type,
            "schema_version": schema_version,
            "data": data,
            "metadata": metadata,
            "recorded_at": iso_utc(recorded_at),
            "prev_hash": prev_hash,
        }
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def v1_event_hash(*, position: int, prev_hash: str, **fields: Any) -> str:
    """The first, single-chain scheme (no club; global positions): what the archive
    ``eventstore_event_v1`` and ``bourre-audit-log/1`` exports were hashed with."""
    body = {
        "position": position,
        "prev_hash": prev_hash,
        **{name: fields[name] for name in ("stream", "version", "type", "schema_version")},
        "data": fields["data"],
        "metadata": fields["metadata"],
        "recorded_at": iso_utc(fields["recorded_at"]),
    }
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def request_hash(*, stream: str, events: list[dict[str, Any]]) -> str:
    """What "the same content" means for an idempotent retry: the stream and the events."""
    body = canonical_json({"stream": stream, "events": events})
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def recorded_event_hash(event: RecordedEvent) -> str:
    """`event_hash` of an event as the log holds it (to check its stored `hash`)."""
    return event_hash(
        club=event.club,
        position=event.position,
        stream=event.stream,
        version=event.version,
        type=event.type,
        schema_version=event.schema_version,
        data=event.data,
        metadata=event.metadata,
        recorded_at=event.recorded_at,
        prev_hash=event.prev_hash,
    )
