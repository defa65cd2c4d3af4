"""The canonical encoding the hash chain is computed over.

SHA-256 of the UTF-8 bytes of JSON with sorted keys, no whitespace and ``ensure_ascii=False``
over ``position, stream, version, type, schema_version, data, metadata, recorded_at,
prev_hash``; ``recorded_at`` is UTC ISO-8601 with microseconds (``...T12:00:00.000000+00:00``).
The database function ``eventstore_append`` builds the very same bytes; changing either side
breaks every stored chain, which ``tests/eventstore/test_canonical.py`` pins.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.eventstore.types import RecordedEvent

GENESIS_HASH = "0" * 64


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def iso_utc(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(tzinfo=UTC).isoformat(timespec="microseconds")


def event_hash(
    *,
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


def request_hash(*, stream: str, events: list[dict[str, Any]]) -> str:
    """What "the same content" means for an idempotent retry: the stream and the events."""
    body = canonical_json({"stream": stream, "events": events})
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def recorded_event_hash(event: RecordedEvent) -> str:
    """`event_hash` of an event as the log holds it (to check its stored `hash`)."""
    return event_hash(
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
