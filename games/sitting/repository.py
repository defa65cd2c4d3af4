"""The table's write side as a unit of work: `load` a table, `save` what was decided.

`load` gives a table's fold (its state, the state at the deal's start, the deal's live
events). The snapshot is a cache in front of it: the one this process kept of its own last
save of the table, when that is at the version the request expects, else the snapshot row
read (one statement, no lock, with the answer stored for the request's key).

`save` writes one `Save`, a value built before anything is written: the new snapshot, the
deal summaries that changed, the request's stored answer, the events and their metadata.
It writes nothing unless the table is still at the version the decision was made on
(`RowMoved`), appends through `eventlog.append`, and runs the registered inline projections
(the ledger), all in one transaction; on one PostgreSQL node usually in one statement.

The service (`games.services.events`) is the caller: load, decide, save; a table that moved
since it was loaded is loaded again from the database, whose version or stored answer gives
the client its answer. Two stores: `PostgresTables` (`games.sitting.postgres`) and
`MemoryTables` (`games.sitting.memory`), on which the fast service tests run the very same
service code (cosmicpython's fake unit of work; pyeventsourcing's `Repository.get` and
`Application.save`; Marten runs inline projections when the session commits).
"""

from __future__ import annotations

import json
import threading
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import orjson

from eventlog.types import AppendResult, NewEvent, RecordedEvent
from games.models import Table
from games.sitting.aggregate import TableFold, dump_state, strip_deals
from games.sitting.errors import TableNotFound
from games.sitting.snapshot import SNAPSHOT_VERSION
from games.sitting.snapshot_cache import decoded, remember


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """The answer stored for an idempotency key: the hash of the request that made it, and
    the response as first sent."""

    request_hash: str
    status_code: int
    response: str


@dataclass(frozen=True, slots=True)
class NewAnswer:
    """A keyed request's answer, saved with what it wrote."""

    key: str
    request_hash: str
    response: str


@dataclass(slots=True)
class Loaded:
    """A table as `load` found it, at `version`; `decide` advances `fold` from there.
    `deal_start` is the snapshot text of the state at the deal's start, as loaded.
    `fresh`: read from the database just now (not from the process's kept snapshot, which
    may be behind it); `answer`: the one stored for the request's key (read by a fresh
    load only)."""

    table: Table
    fold: TableFold
    version: int
    deal_start: str
    answer: StoredAnswer | None = None
    fresh: bool = True
    #: The deals settled as loaded (an undo of a deal's last play takes its summary back).
    settled: int = field(init=False)

    def __post_init__(self) -> None:
        self.settled = len(self.fold.state.deals)

    @classmethod
    def new(cls, table: Table, fold: TableFold) -> Loaded:
        """A table about to be created: nothing saved yet (version 0)."""
        start = strip_deals(fold.deal_start)[0]
        fold.deal_start_changed = True
        return cls(table, fold, version=0, deal_start=dump_state(start))


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table's snapshot as saved: texts of the snapshot codec, settled deals taken out.
    `deal_start_changed`: the state at the deal's start is new in this save (else the row
    keeps the one it has)."""

    version: int
    state: str
    deal_start: str
    deal_start_changed: bool
    deal_events: str  # JSON text of the current deal's live events
    closed: bool
    snapshot_version: str = SNAPSHOT_VERSION


@dataclass(frozen=True, slots=True)
class Save:
    """One save, whole: the table at `version` (the one the decision was made on; 0 for a
    new table) gets `snapshot`, the summaries of the deals `settled` (index -> summary)
    and, when an undo took settled deals back, loses those from `deals_from` on; `answer`
    is stored under its key; `events` are appended with `metadata`. `created_by_key`: a new
    table made under this idempotency key (its id derived from it), so that an earlier
    create of it is answered instead of a second one."""

    table: Table
    version: int
    snapshot: Snapshot
    events: tuple[NewEvent, ...]
    metadata: Mapping[str, Any]
    settled: Mapping[int, Mapping[str, Any]]
    deals_from: int | None = None
    answer: NewAnswer | None = None
    created_by_key: str | None = None

    @property
    def new(self) -> bool:
        return self.version == 0

    @classmethod
    def of(
        cls,
        loaded: Loaded,
        events: Sequence[NewEvent],
        *,
        metadata: Mapping[str, Any],
        answer: NewAnswer | None = None,
        created_by_key: str | None = None,
    ) -> Save:
        """The save of `loaded`, its fold advanced (by `decide`) to append `events`."""
        fold = loaded.fold
        state, settled = strip_deals(fold.state)
        text = dump_state(state)
        remember(text, state)  # the next play of this table decodes nothing
        deal_start = loaded.deal_start
        if fold.deal_start_changed:
            start = strip_deals(fold.deal_start)[0]
            deal_start = dump_state(start)
            remember(deal_start, start)
        count = len(state.deals)
        return cls(
            table=loaded.table,
            version=loaded.version,
            snapshot=Snapshot(
                version=fold.version,
                state=text,
                deal_start=deal_start,
                deal_start_changed=fold.deal_start_changed,
                deal_events=events_text(fold.deal_events),
                closed=state.closed,
            ),
            events=tuple(events),
            metadata=metadata,
            settled=settled,
            deals_from=count if count < loaded.settled else None,
            answer=answer,
            created_by_key=created_by_key,
        )


def events_text(events: list[dict[str, Any]]) -> str:
    """The current deal's events as JSON text (for jsonb: any spacing, any key order).
    orjson: a deal's list grows to some thirty entries, sent and kept on every play."""
    try:
        return orjson.dumps(events).decode()
    except orjson.JSONEncodeError:  # what orjson refuses (a lone surrogate, a huge int)
        return json.dumps(events, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Kept:
    """A table's snapshot as this process last saved it. A saved version of a table is a
    fact of its log, so the kept snapshot can only be behind the database, never wrong: a
    play decided on it is written only if the row is still at its version."""

    table: Table
    version: int
    state: str
    deal_start: str
    deal_events: str

    def loaded(self) -> Loaded:
        fold = TableFold(
            state=decoded(self.state),
            deal_start=decoded(self.deal_start),
            version=self.version,
            deal_events=orjson.loads(self.deal_events),
        )
        return Loaded(self.table, fold, self.version, self.deal_start, fresh=False)


class KeptSnapshots:
    """The snapshots a store kept of its own last saves, the most recent last."""

    #: Each table's two texts are in the codec's cache too (`snapshot_cache.LIMIT` texts):
    #: more tables kept than half that would have their states decoded again.
    LIMIT = 128

    def __init__(self) -> None:
        self._kept: dict[tuple[uuid.UUID, uuid.UUID], Kept] = {}
        self._lock = threading.Lock()

    def get(self, table_id: uuid.UUID, club_id: uuid.UUID) -> Kept | None:
        with self._lock:
            return self._kept.get((table_id, club_id))

    def keep(self, kept: Kept) -> None:
        key = (kept.table.id, kept.table.club_id)  # type: ignore[attr-defined]  # the key's column
        with self._lock:
            self._kept.pop(key, None)
            self._kept[key] = kept
            while len(self._kept) > self.LIMIT:
                del self._kept[next(iter(self._kept))]

    def forget(self) -> None:
        with self._lock:
            self._kept.clear()


class Tables(ABC):
    """The unit of work of a table's write side; subclasses are the stores."""

    def __init__(self) -> None:
        self.kept = KeptSnapshots()

    def load(
        self,
        table_id: uuid.UUID,
        club_id: uuid.UUID,
        *,
        version: int | None = None,
        key: str | None = None,
    ) -> Loaded:
        """The table: from the snapshot kept here when it is at `version`, else read now
        (with the answer stored for `key`). Raises `TableNotFound`."""
        if version is not None:
            kept = self.kept.get(table_id, club_id)
            if kept is not None and kept.version == version:
                return kept.loaded()
        found = self._read(table_id, club_id, key)
        if found is None:
            raise TableNotFound(str(table_id))
        return found

    def save(self, save: Save) -> AppendResult:
        """Write `save` whole or not at all: its rows and events, then the registered inline
        projections on the events recorded, in one transaction. Raises `RowMoved` (the
        table is no longer at `save.version`) or `IdempotencyKeyReused` (the answer's key
        is stored already, or a table made under `created_by_key` was made of other data).
        A new table made under `created_by_key` already answers its first append,
        `replayed`, writing nothing."""
        with self._transaction(save):
            result = self._write(save)
            if result.replayed:
                return result
            self.project(result.events)
        snapshot = save.snapshot
        kept = Kept(
            save.table, snapshot.version, snapshot.state, snapshot.deal_start, snapshot.deal_events
        )
        # Kept once committed only: a version rolled back may later be another state.
        self._after_commit(lambda: self.kept.keep(kept))
        return result

    #: The inline projections, run on the events a save recorded, in its transaction (the
    #: registry's, `eventlog.subscriptions.project_inline`, on PostgreSQL).
    project: Callable[[Sequence[RecordedEvent]], None]

    @abstractmethod
    def _read(self, table_id: uuid.UUID, club_id: uuid.UUID, key: str | None) -> Loaded | None:
        """The table read from the store now, or None."""

    @abstractmethod
    def _transaction(self, save: Save) -> AbstractContextManager[object]:
        """The transaction `save` is written in (all or nothing)."""

    @abstractmethod
    def _write(self, save: Save) -> AppendResult:
        """`save`'s rows and events, as `save` promises them."""

    @abstractmethod
    def _after_commit(self, then: Callable[[], None]) -> None:
        """Run `then` once what was saved is committed (never if it is rolled back)."""
