"""The append-only event log: the one writer (``append``) and its readers.

Public API, all keyword-only::

    append(stream=, expected_version=, events=[NewEvent(...)], idempotency_key=, metadata=)
    read_stream(stream=, after_version=0, limit=None)
    read_all(after=0, limit=1000, stream_prefix=None)
    stream_version(stream=)
    stream_names(prefix=)
    verify_chain(from_position=1, to_position=None)
    upcasters.register(type, from_version)(fn)
"""

from games.eventstore.canonical import (
    GENESIS_HASH,
    canonical_json,
    event_hash,
    recorded_event_hash,
)
from games.eventstore.reader import (
    last_position,
    read_all,
    read_stream,
    stream_names,
    stream_version,
)
from games.eventstore.types import (
    AppendOnlyError,
    AppendResult,
    ChainReport,
    EventStoreError,
    IdempotencyConflict,
    NewEvent,
    RecordedEvent,
    VersionConflict,
)
from games.eventstore.upcasting import UpcasterRegistry, upcasters
from games.eventstore.verify import verify_chain
from games.eventstore.writer import append

__all__ = [
    "GENESIS_HASH",
    "AppendOnlyError",
    "AppendResult",
    "ChainReport",
    "EventStoreError",
    "IdempotencyConflict",
    "NewEvent",
    "RecordedEvent",
    "UpcasterRegistry",
    "VersionConflict",
    "append",
    "canonical_json",
    "event_hash",
    "last_position",
    "read_all",
    "read_stream",
    "recorded_event_hash",
    "stream_names",
    "stream_version",
    "upcasters",
    "verify_chain",
]
