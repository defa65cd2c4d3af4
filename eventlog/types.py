"""The values the event store takes and returns, and its typed errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append. ``data`` must be JSON: dicts, lists, str, int, bool, None."""

    type: str
    data: dict[str, Any]
    schema_version: int = 1


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """An event as the log holds it (``data``/``schema_version`` upcast when read).

    ``position`` counts within the club's partition: an event is identified by
    ``(club, position)``, and within one club positions are gap-free and commit-ordered."""

    position: int
    stream: str
    version: int
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: datetime
    hash: str
    prev_hash: str
    club: str = ""


@dataclass(frozen=True, slots=True)
class AppendResult:
    stream: str
    first_version: int
    last_version: int
    first_position: int
    last_position: int
    events: tuple[RecordedEvent, ...] = field(repr=False)
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class ChainReport:
    """``first_broken`` is the first position whose row does not hash or link correctly."""

    ok: bool
    checked: int
    first_broken: int | None = None
    reason: str | None = None
    club: str | None = None


class EventStoreError(Exception):
    """Base of the store's errors."""


class VersionConflict(EventStoreError):
    """The stream was not at the version the caller expected."""

    def __init__(self, stream: str, expected: int | None, current: int) -> None:
        super().__init__(f"stream {stream!r} is at version {current}, expected {expected}")
        self.stream = stream
        self.expected = expected
        self.current = current


class IdempotencyConflict(EventStoreError):
    """The idempotency key was already used for different content."""

    def __init__(self, key: str) -> None:
        super().__init__(f"idempotency key {key!r} was already used for different content")
        self.key = key


class AppendOnlyError(EventStoreError):
    """Recorded events can never be changed or removed."""
