"""``MemoryEventStore``: the event store's append/read API held in a Python process.

The same contract as the Postgres store (``append``, ``read_stream``, ``read_all``, ...,
keyword for keyword), for fast tests of code that only needs the log's behaviour:
expected versions, idempotency keys scoped to the club, per-club gap-free positions and
per-club hash chains computed by the very code (``canonical.event_hash``) the verifier
and the database function agree on. ``tests/eventlog/test_store_contract.py`` runs one
suite against both stores. No transactions: an append is applied whole or not at all,
and what needs a rollback, a lock or a privilege is tested on Postgres only.

Payloads go through canonical JSON on the way in, as they do into ``jsonb``, so a caller
that mutates its dict afterwards cannot change a recorded event.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from eventlog.canonical import (
    GENESIS_HASH,
    canonical_json,
    event_hash,
    recorded_event_hash,
    request_hash,
)
from eventlog.reader import club_key
from eventlog.types import (
    AppendResult,
    ChainReport,
    IdempotencyConflict,
    NewEvent,
    RecordedEvent,
    VersionConflict,
)
from eventlog.upcasting import UpcasterRegistry, upcasters


@dataclass(slots=True)
class _Key:
    request_hash: str
    first_position: int
    last_position: int


@dataclass(slots=True)
class _Partition:
    events: list[RecordedEvent] = field(default_factory=list)
    keys: dict[str, _Key] = field(default_factory=dict)

    @property
    def head(self) -> int:
        return len(self.events)

    @property
    def last_hash(self) -> str:
        return self.events[-1].hash if self.events else GENESIS_HASH


class MemoryEventStore:
    """One log, partitioned by club, in memory; not thread-safe (one test at a time)."""

    def __init__(
        self,
        *,
        clock: Callable[[], datetime] | None = None,
        upcaster_registry: UpcasterRegistry | None = None,
    ) -> None:
        self._clock = clock or (lambda: datetime.now(UTC))
        self._upcasters = upcaster_registry or upcasters
        self._partitions: dict[str, _Partition] = {}

    # ------------------------------------------------------------------ writing

    def append(
        self,
        *,
        stream: str,
        club: object,
        expected_version: int | None,
        events: Sequence[NewEvent],
        idempotency_key: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> AppendResult:
        """``eventlog.append``, in memory (see its docstring)."""
        if not events:
            raise ValueError("append needs at least one event")
        meta = _json_copy(dict(metadata or {}))
        if idempotency_key is not None:
            meta["idempotency_key"] = idempotency_key
        partition = self._partitions.setdefault(club_key(club), _Partition())
        club_id = club_key(club)
        if idempotency_key is not None:
            contents = [
                {"type": e.type, "schema_version": e.schema_version, "data": e.data} for e in events
            ]
            asked = request_hash(stream=stream, events=contents)
            known = partition.keys.get(idempotency_key)
            if known is not None:
                if known.request_hash != asked:
                    raise IdempotencyConflict(idempotency_key)
                replayed = partition.events[known.first_position - 1 : known.last_position]
                return _result([self._upcast(e) for e in replayed], replayed=True)
        current = self._version(stream, club_id)
        if expected_version is not None and expected_version != current:
            raise VersionConflict(stream, expected_version, current)
        at = self._clock().astimezone(UTC)
        prev, position = partition.last_hash, partition.head
        recorded: list[RecordedEvent] = []
        for offset, new in enumerate(events, start=1):
            position += 1
            fields: dict[str, Any] = {
                "club": club_id,
                "position": position,
                "stream": stream,
                "version": current + offset,
                "type": new.type,
                "schema_version": new.schema_version,
                "data": _json_copy(new.data),
                "metadata": meta,
                "recorded_at": at,
                "prev_hash": prev,
            }
            prev = event_hash(**fields)
            recorded.append(RecordedEvent(hash=prev, **fields))
        partition.events.extend(recorded)
        if idempotency_key is not None:
            partition.keys[idempotency_key] = _Key(
                asked, recorded[0].position, recorded[-1].position
            )
        return _result(recorded, replayed=False)

    def truncate(self, heads: Mapping[str, int]) -> None:
        """Take every club's log back to its head in `heads` (a club not named: to nothing),
        as a fake unit of work's rollback takes back what its transaction appended."""
        for club, partition in list(self._partitions.items()):
            head = heads.get(club, 0)
            del partition.events[head:]
            for key in [k for k, v in partition.keys.items() if v.first_position > head]:
                del partition.keys[key]

    # ------------------------------------------------------------------ reading

    def read_stream(
        self,
        *,
        stream: str,
        club: object | None = None,
        after_version: int = 0,
        after_position: int = 0,
        limit: int | None = None,
        types: Collection[str] | None = None,
    ) -> list[RecordedEvent]:
        found = [
            self._upcast(e)
            for e in self._events(club)
            if e.stream == stream
            and e.version > after_version
            and e.position > after_position
            and (types is None or e.type in types)
        ]
        found.sort(key=lambda e: e.version)
        return found if limit is None else found[:limit]

    def read_all(
        self,
        *,
        club: object,
        after: int = 0,
        limit: int = 1000,
        stream_prefix: str | None = None,
        to_position: int | None = None,
        upcast: bool = True,
    ) -> list[RecordedEvent]:
        partition = self._partitions.get(club_key(club))
        if partition is None:
            return []
        page: list[RecordedEvent] = []
        for event in partition.events[after:]:
            if to_position is not None and event.position > to_position:
                break
            if stream_prefix and not event.stream.startswith(stream_prefix):
                continue
            page.append(self._upcast(event) if upcast else event)
            if len(page) == limit:
                break
        return page

    def partition_heads(self) -> dict[str, int]:
        return {club: p.head for club, p in sorted(self._partitions.items()) if p.head}

    def partitions_behind(self, checkpoints: Mapping[str, int]) -> dict[str, tuple[int, int]]:
        return {
            club: (checkpoints.get(club, 0), head)
            for club, head in self.partition_heads().items()
            if head > checkpoints.get(club, 0)
        }

    def stream_version(self, *, stream: str, club: object | None = None) -> int:
        return max((e.version for e in self._events(club) if e.stream == stream), default=0)

    def last_position(self, *, club: object | None = None) -> int:
        if club is None:
            return sum(self.partition_heads().values())
        partition = self._partitions.get(club_key(club))
        return partition.head if partition else 0

    def stream_first_events(
        self, *, prefix: str = "", club: object | None = None
    ) -> list[RecordedEvent]:
        return [
            self._upcast(e)
            for e in self._events(club)
            if e.version == 1 and e.stream.startswith(prefix)
        ]

    def stream_names(self, *, prefix: str = "", club: object | None = None) -> list[str]:
        return [e.stream for e in self.stream_first_events(prefix=prefix, club=club)]

    def stream_club(self, *, stream: str) -> str | None:
        for event in self._events(None):
            if event.stream == stream:
                return event.club
        return None

    def verify_chain(
        self, *, club: object | None = None, from_position: int = 1, to_position: int | None = None
    ) -> ChainReport:
        """``eventlog.verify_chain`` over the events held here."""
        if from_position < 1:
            raise ValueError("positions start at 1")
        clubs = [club_key(club)] if club is not None else sorted(self._partitions)
        checked = 0
        for club_id in clubs:
            events = self._partitions.get(club_id, _Partition()).events
            end = len(events) if to_position is None else to_position
            if club is None:
                end = min(end, len(events))
            if from_position > 1 and from_position - 1 > len(events):
                if club is None:
                    continue
                return ChainReport(False, 0, from_position - 1, "predecessor missing", club_id)
            prev = events[from_position - 2].hash if from_position > 1 else GENESIS_HASH
            for expected in range(from_position, end + 1):
                if expected > len(events) or events[expected - 1].position != expected:
                    return ChainReport(False, checked, expected, "position missing", club_id)
                event = events[expected - 1]
                if event.prev_hash != prev:
                    return ChainReport(False, checked, expected, "prev_hash does not link", club_id)
                if recorded_event_hash(event) != event.hash:
                    return ChainReport(False, checked, expected, "hash does not match", club_id)
                checked += 1
                prev = event.hash
        return ChainReport(True, checked, club=club_key(club) if club is not None else None)

    # ------------------------------------------------------------------ test helpers

    def tamper(self, *, club: object, position: int, **changes: Any) -> None:
        """Change a recorded event in place, as an attacker with the database would:
        for tests of the verifier (the Postgres store refuses this to every role)."""
        events = self._partitions[club_key(club)].events
        events[position - 1] = replace(events[position - 1], **changes)

    # ------------------------------------------------------------------ internals

    def _events(self, club: object | None) -> list[RecordedEvent]:
        if club is not None:
            partition = self._partitions.get(club_key(club))
            return list(partition.events) if partition else []
        return [e for _, p in sorted(self._partitions.items()) for e in p.events]

    def _version(self, stream: str, club_id: str) -> int:
        return self.stream_version(stream=stream, club=club_id)

    def _upcast(self, event: RecordedEvent) -> RecordedEvent:
        schema_version, data = self._upcasters.upcast(
            type=event.type, schema_version=event.schema_version, data=_json_copy(event.data)
        )
        return replace(event, schema_version=schema_version, data=data)


def _json_copy(value: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(canonical_json(value))
    return copied


def _result(events: list[RecordedEvent], *, replayed: bool) -> AppendResult:
    return AppendResult(
        stream=events[0].stream,
        first_version=events[0].version,
        last_version=events[-1].version,
        first_position=events[0].position,
        last_position=events[-1].position,
        events=tuple(events),
        replayed=replayed,
    )
