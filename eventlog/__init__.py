"""The append-only event log: the one writer (``append``) and its readers.

Public API, all keyword-only::

    append(stream=, club=, expected_version=, events=[NewEvent(...)], idempotency_key=,
           metadata=)
    read_stream(stream=, club=None, after_version=0, limit=None)
    read_all(club=, after=0, limit=1000, stream_prefix=None, to_position=None)
    partition_heads() / partitions_behind(checkpoints) / unlisted_clubs()
    stream_version(stream=, club=None)
    stream_names(prefix=, club=None)
    stream_club(stream=) / stream_first_events(prefix=, club=None)
    last_position(club=None)
    verify_chain(club=None, from_position=1, to_position=None)
    log_distributed(connection)   (whether the log is distributed on Citus there)
    upcasters.register(type, from_version)(fn)

The log is partitioned by club: positions, the hash chain and idempotency keys are per
club, so followers keep a checkpoint per club (``docs/scaling.md``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from eventlog.canonical import (
    GENESIS_HASH,
    canonical_json,
    event_hash,
    iso_utc,
    recorded_event_hash,
)
from eventlog.types import (
    AppendOnlyError,
    AppendResult,
    ChainReport,
    EventStoreError,
    IdempotencyConflict,
    NewEvent,
    RecordedEvent,
    VersionConflict,
)
from eventlog.upcasting import UpcasterRegistry, upcasters

if TYPE_CHECKING:
    from eventlog.citus import ClubKeyed, log_distributed
    from eventlog.reader import (
        NO_CLUB,
        club_key,
        last_position,
        partition_heads,
        partitions_behind,
        read_all,
        read_stream,
        stream_club,
        stream_first_events,
        stream_names,
        stream_version,
        unlisted_clubs,
    )
    from eventlog.verify import NOT_LISTED, verify_chain
    from eventlog.writer import WriteFirst, append

# What reads or writes the database is loaded on first use, so that the event types above
# (which the table's pure aggregate folds) come without Django: importing
# `eventlog.types` runs this file first.
_ON_FIRST_USE = {
    "citus": ("ClubKeyed", "log_distributed"),
    "reader": (
        "NO_CLUB",
        "club_key",
        "last_position",
        "partition_heads",
        "partitions_behind",
        "read_all",
        "read_stream",
        "stream_club",
        "stream_first_events",
        "stream_names",
        "stream_version",
        "unlisted_clubs",
    ),
    "verify": ("NOT_LISTED", "verify_chain"),
    "writer": ("WriteFirst", "append"),
}
_HOME = {name: module for module, names in _ON_FIRST_USE.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # once: later lookups find it without coming here
    return value


__all__ = [
    "GENESIS_HASH",
    "NOT_LISTED",
    "NO_CLUB",
    "AppendOnlyError",
    "AppendResult",
    "ChainReport",
    "ClubKeyed",
    "EventStoreError",
    "IdempotencyConflict",
    "NewEvent",
    "RecordedEvent",
    "UpcasterRegistry",
    "VersionConflict",
    "WriteFirst",
    "append",
    "canonical_json",
    "club_key",
    "event_hash",
    "iso_utc",
    "last_position",
    "log_distributed",
    "partition_heads",
    "partitions_behind",
    "read_all",
    "read_stream",
    "recorded_event_hash",
    "stream_club",
    "stream_first_events",
    "stream_names",
    "stream_version",
    "unlisted_clubs",
    "upcasters",
    "verify_chain",
]
