"""The table's write side in one place: a repository that is the unit of work.

A request that writes to a table enters here once (`append` or `create`) and leaves with
its answer. Inside, one transaction (`atomic`):

1. **hold** the table: lock it (Postgres: its state row, `FOR UPDATE`), read the answer
   stored for the request's `Idempotency-Key` with it; a retry gets that answer back, a
   stale `expected_version` is refused;
2. **load** its snapshot (the fold: state, state at the deal's start, the deal's events);
3. **decide** the posted events on it (`games.sitting.decide`, pure);
4. **save**, one write in one order, for a new table as for an existing one: the snapshot
   (with the deal summaries and the stored answer), then the append to the log, then the
   registered inline projections on the recorded events.

A store may first try the play **without the lock** (`_unlocked`): decided on the snapshot
it keeps from its own last commit of the table (or reads without a lock), at exactly the
version the client expects, and written only if the row is still at that version (else
`RowMoved`, and the steps above run as usual). A refusal decided without the lock is
decided again under it, so every answer is the one the locked path gives.

The snapshot is written before the append because the append holds the club's lock until
commit: the less that follows it, the less the club's other tables wait. Two stores
implement the steps: `PostgresTables` (`games.sitting.postgres`), and `MemoryTables`
(`games.sitting.memory`, on `MemoryEventStore`) on which the fast service tests run the
very same service code (cosmicpython's fake unit of work; pyeventsourcing's
`Repository.get` and `Application.save`; Marten runs inline projections on commit).
"""

from __future__ import annotations

import json
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from games.engine import Sitting, table_view
from games.eventstore import AppendResult, NewEvent, RecordedEvent, VersionConflict
from games.models import Table
from games.sitting.aggregate import TableFold
from games.sitting.decide import decide
from games.sitting.errors import (
    EventRejected,
    IdempotencyKeyReused,
    RowMoved,
    StaleVersion,
    TableNotFound,
)
from games.table import TABLE_CREATED


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """The answer stored for an idempotency key (`TableRequest`): the hash of the request
    that made it, and the response as first sent."""

    request_hash: str
    status_code: int
    response: str


@dataclass(frozen=True, slots=True)
class NewAnswer:
    """An idempotent request's answer, to store with the snapshot."""

    key: str
    request_hash: str
    response: str


@dataclass(slots=True)
class Held:
    """A table held by one request: locked, at `version`; `handle` is the store's own
    (Postgres: the locked state row). `new` for a table being created; not `locked` for a
    table held without the lock (`_unlocked`): its write names `version`."""

    table: Table
    version: int
    handle: Any = None
    new: bool = False
    locked: bool = True


@dataclass(frozen=True, slots=True)
class AppendOutcome:
    status_code: int
    body: dict[str, Any]
    content: str  # `body` as JSON text: what is sent, and sent again on an idempotent retry
    replayed: bool = False
    # The position in the club's log of the first event appended (None on a replay): where
    # the response's `Location` points, known without reading the log again.
    first_position: int | None = None


def response_json(body: Mapping[str, Any]) -> str:
    """JSON text as the API renders it (compact, UTF-8, keys in the order built)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def state_body(table: Table, state: Sitting, version: int) -> dict[str, Any]:
    return {"table_id": str(table.id), "version": version, **table_view(state)}


class TableRepository(ABC):
    """The unit of work of a table's write side; subclasses are the stores."""

    # ------------------------------------------------------------------ what a store does
    def _unlocked(
        self, table_id: uuid.UUID, club_id: uuid.UUID, version: int, key: str | None
    ) -> Held | None:
        """The table at `version`, not locked: from what the store keeps of its own last
        commit, or read without a lock. None when the store does not do this (the default)
        or when the locked path must answer (another version, a stored answer for `key`)."""
        return None

    @abstractmethod
    def atomic(self) -> AbstractContextManager[object]:
        """One transaction: everything or nothing is written."""

    @abstractmethod
    def _hold(
        self, table_id: uuid.UUID, club_id: uuid.UUID, key: str | None
    ) -> tuple[Held, StoredAnswer | None] | None:
        """The table locked, and the answer stored for `key` (None: no such table)."""

    @abstractmethod
    def _answer_now(self, table_id: uuid.UUID, key: str) -> StoredAnswer | None:
        """The answer stored for `key`, read again after waiting for the lock."""

    @abstractmethod
    def _load(self, held: Held) -> TableFold:
        """The table's snapshot as a fold (settled deals as placeholders)."""

    @abstractmethod
    def _write(
        self, held: Held, fold: TableFold, *, settled_before: int, answer: NewAnswer | None
    ) -> bool:
        """Write the snapshot, the deal summaries and the answer; False when the answer's
        key is stored already (by a request that committed while this one waited)."""

    @abstractmethod
    def _append(
        self, held: Held, events: Sequence[NewEvent], metadata: dict[str, Any]
    ) -> AppendResult:
        """Append to the table's stream, expecting `held.version`."""

    #: Runs the registered inline projections on freshly recorded events: the store's
    #: registry, called by `save` itself (the unit of work runs them; the store only
    #: names them: `followers.registry.project_inline` for PostgreSQL).
    project: Callable[[Sequence[RecordedEvent]], None]

    @abstractmethod
    def _created(self, table: Table) -> RecordedEvent | None:
        """The `TableCreated` of a table with `table`'s id in its club, or None. Called in
        the transaction, after `_claim`."""

    @abstractmethod
    def _claim(self, table: Table) -> None:
        """Wait, until commit, for any other transaction creating a table with this id
        (a store with no concurrent transactions has nothing to wait for)."""

    def _unit(self, held: Held, events: Sequence[NewEvent]) -> AbstractContextManager[object]:
        """The transaction that `save` appends `events` and projects in, after `_write`:
        the caller's for a locked table; for one not locked (`_unlocked`: `_write` then sends
        nothing), a transaction of the store's, or none where the save is one statement."""
        return nullcontext() if held.locked else self.atomic()

    # ------------------------------------------------------------------ the unit of work
    def append(
        self,
        *,
        table_id: uuid.UUID,
        club_id: uuid.UUID,
        expected_version: int,
        posted: Sequence[Any],
        metadata: dict[str, Any],
        key: str | None = None,
        request_hash: str | None = None,
        with_state: bool = True,
    ) -> AppendOutcome:
        """Decide `posted` on the table and save what was decided, or give back the answer
        stored for `key`. Raises `TableNotFound`, `StaleVersion`, `EventRejected` or
        `IdempotencyKeyReused`; nothing is written then."""
        kept = self._unlocked(table_id, club_id, expected_version, key)
        if kept is not None:
            try:  # its transaction is the store's choice (`_unit`)
                return self._decide_save(
                    kept, posted, metadata, key, request_hash, with_state=with_state
                )
            except (RowMoved, EventRejected):
                pass  # the row moved since (or a refusal): decided again under the lock
        with self.atomic():
            held = self.hold(table_id, club_id, expected_version, key, request_hash)
            if isinstance(held, StoredAnswer):
                body = json.loads(held.response)
                return AppendOutcome(held.status_code, body, held.response, replayed=True)
            return self._decide_save(
                held, posted, metadata, key, request_hash, with_state=with_state
            )

    def _decide_save(
        self,
        held: Held,
        posted: Sequence[Any],
        metadata: dict[str, Any],
        key: str | None,
        request_hash: str | None,
        *,
        with_state: bool,
    ) -> AppendOutcome:
        """Load, decide and save on a held table (inside the caller's transaction)."""
        fold = self._load(held)
        settled_before = len(fold.state.deals)
        decision = decide(fold, held.table.variant, posted)
        body = {
            "table_id": str(held.table.id),
            "version": fold.version,
            "rulings": decision.rulings,
            "undone": decision.undone,
        }
        if with_state:
            body["state"] = state_body(held.table, fold.state, fold.version)
        content = response_json(body)
        answer = None
        if key is not None and request_hash is not None:
            answer = NewAnswer(key, request_hash, content)
        result = self.save(
            held,
            fold,
            decision.events,
            metadata=metadata,
            settled_before=settled_before,
            answer=answer,
        )
        return AppendOutcome(201, body, content, first_position=result.first_position)

    def create(
        self,
        *,
        table: Table,
        sitting: Sitting,
        data: Mapping[str, Any],
        metadata: dict[str, Any],
        key: str | None = None,
    ) -> AppendResult:
        """A new table: `TableCreated` (`data`) as version 1 of its stream, saved as an
        append is (snapshot, append, inline projections).

        With `key` (the request's idempotency key, from which the caller derived the
        table's id), a table already created with this id answers instead: the same
        request retried gets it back (`replayed`, nothing written), another request with
        the key raises `IdempotencyKeyReused`. The claim makes two retries racing each
        other one create and one replay."""
        held = Held(table, version=0, new=True)
        with self.atomic():
            if key is not None:
                self._claim(table)
                earlier = self._created(table)
                if earlier is not None:
                    if dict(earlier.data) != dict(data):
                        raise IdempotencyKeyReused(key)
                    return AppendResult(
                        stream=earlier.stream,
                        first_version=earlier.version,
                        last_version=earlier.version,
                        first_position=earlier.position,
                        last_position=earlier.position,
                        events=(earlier,),
                        replayed=True,
                    )
            return self.save(
                held,
                TableFold.created(sitting),
                [NewEvent(TABLE_CREATED, dict(data))],
                metadata=metadata,
                settled_before=0,
            )

    def hold(
        self,
        table_id: uuid.UUID,
        club_id: uuid.UUID,
        expected_version: int,
        key: str | None,
        request_hash: str | None,
    ) -> Held | StoredAnswer:
        """The table locked at `expected_version`, or the answer stored for this very
        request. One idempotency mechanism, this one (not the store's key): a retry must get
        the bytes first sent, and only this answer has them. The request's hash is of the
        body as the client sent it, so a retry is known before anything is parsed."""
        found = self._hold(table_id, club_id, key)
        if found is None:
            raise TableNotFound(str(table_id))
        held, earlier = found
        if key is not None:
            if earlier is None and held.version != expected_version:
                # The lock's statement returns the row another transaction committed while
                # this one waited, but read the answers as of before that commit.
                earlier = self._answer_now(table_id, key)
            if earlier is not None:
                if earlier.request_hash != request_hash:
                    raise IdempotencyKeyReused(key)
                return earlier
        if held.version != expected_version:
            raise StaleVersion(expected_version, held.version)
        return held

    def save(
        self,
        held: Held,
        fold: TableFold,
        events: Sequence[NewEvent],
        *,
        metadata: dict[str, Any],
        settled_before: int,
        answer: NewAnswer | None = None,
    ) -> AppendResult:
        """The one write: snapshot (deal summaries, answer), append, inline projections."""
        if not self._write(held, fold, settled_before=settled_before, answer=answer):
            # Stored by a request that committed while this one waited for the lock, yet
            # this one expected the version it made: another body, so the key is reused.
            raise IdempotencyKeyReused(answer.key if answer else "")
        with self._unit(held, events):
            try:
                result = self._append(held, events, metadata)
            except VersionConflict as conflict:  # the lock makes this a backstop only
                raise StaleVersion(held.version, conflict.current) from conflict
            assert result.last_version == fold.version
            self.project(result.events)
        return result
