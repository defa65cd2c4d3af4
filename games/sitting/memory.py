"""The table's unit of work in memory: `MemoryTables`, on a `MemoryEventStore`.

The fast service tests run the very same service code (`table_create`,
`table_events_append`) on it, with no database, down the same path as on PostgreSQL: load
(from the snapshot kept of the last save, else the stored one), decide, save only where the
table is still at the version decided on. Snapshots are kept as the PostgreSQL store keeps
them, as snapshot texts with the settled deals taken out, through the same codec. Inline
projections are the ones it is given (none by default: the registered ones write to
PostgreSQL).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from eventlog import AppendResult, RecordedEvent
from eventlog.memory import MemoryEventStore
from games.engine import Sitting
from games.models import Table
from games.sitting.aggregate import TableFold
from games.sitting.errors import IdempotencyKeyReused, RowMoved
from games.sitting.repository import Loaded, Save, StoredAnswer, Tables
from games.sitting.snapshot_cache import decoded

InlineProjection = Callable[[Sequence[RecordedEvent]], None]


def _club_of(table: Table) -> uuid.UUID:
    club_id: uuid.UUID = table.club_id  # type: ignore[attr-defined]  # the foreign key's column
    return club_id


@dataclass(frozen=True, slots=True)
class _Snapshot:
    version: int
    state: str
    deal_start: str
    deal_events: str  # JSON text: what a load hands out is a copy


class MemoryTables(Tables):
    """Tables, snapshots, deal summaries and stored answers in dicts; the log in `store`.
    A save that fails leaves everything as it was (its transaction takes back the dicts and
    the store's append)."""

    def __init__(
        self,
        store: MemoryEventStore | None = None,
        projections: Sequence[InlineProjection] = (),
    ) -> None:
        super().__init__()
        self.store = store if store is not None else MemoryEventStore()
        self.projections = list(projections)
        self.tables: dict[uuid.UUID, Table] = {}
        self.snapshots: dict[uuid.UUID, _Snapshot] = {}
        self.deals: dict[uuid.UUID, dict[int, str]] = {}
        self.answers: dict[tuple[uuid.UUID, str], StoredAnswer] = {}

    def _read(self, table_id: uuid.UUID, club_id: uuid.UUID, key: str | None) -> Loaded | None:
        table = self.tables.get(table_id)
        if table is None or _club_of(table) != club_id:
            return None
        row = self.snapshots[table_id]
        fold = TableFold(
            state=decoded(row.state),
            deal_start=decoded(row.deal_start),
            version=row.version,
            deal_events=json.loads(row.deal_events),
        )
        answer = None if key is None else self.answers.get((table_id, key))
        return Loaded(table, fold, row.version, row.deal_start, answer=answer)

    def _after_commit(self, then: Callable[[], None]) -> None:
        then()  # no transaction outlives the save here

    def project(self, events: Sequence[RecordedEvent]) -> None:
        for project in self.projections:
            project(events)

    @contextmanager
    def _transaction(self, save: Save) -> Iterator[None]:
        """A failure takes back what the save wrote: the dicts and the store's append."""
        saved = (dict(self.tables), dict(self.snapshots), dict(self.answers))
        deals = {table_id: dict(d) for table_id, d in self.deals.items()}
        heads = self.store.partition_heads()
        try:
            yield
        except BaseException:
            self.tables, self.snapshots, self.answers = saved
            self.deals = deals
            self.store.truncate(heads)
            raise

    def _write(self, save: Save) -> AppendResult:
        table = save.table
        table_id = table.id
        if save.new and save.created_by_key is not None:
            found = self.store.read_stream(stream=table.stream, club=_club_of(table), limit=1)
            if found:
                if dict(found[0].data) != dict(save.events[0].data):
                    raise IdempotencyKeyReused(save.created_by_key)
                return _replayed(found[0])
        if not save.new:
            row = self.snapshots.get(table_id)
            if row is None or row.version != save.version:
                raise RowMoved(str(table_id))
        answer = save.answer
        if answer is not None:
            if (table_id, answer.key) in self.answers:
                raise IdempotencyKeyReused(answer.key)
            self.answers[table_id, answer.key] = StoredAnswer(
                answer.request_hash, 201, answer.response
            )
        snapshot = save.snapshot
        self.snapshots[table_id] = _Snapshot(
            snapshot.version, snapshot.state, snapshot.deal_start, snapshot.deal_events
        )
        deals = self.deals.setdefault(table_id, {})
        if save.deals_from is not None:
            for index in [i for i in deals if i >= save.deals_from]:
                del deals[index]  # an undone settling play
        deals.update((i, json.dumps(summary)) for i, summary in save.settled.items())
        result = self.store.append(
            stream=table.stream,
            club=_club_of(table),
            expected_version=save.version,
            events=save.events,
            metadata=dict(save.metadata),
        )
        if save.new:
            table.created_at = table.last_activity_at = result.events[0].recorded_at
            self.tables[table_id] = table
        return result

    # ------------------------------------------------------------------ reads (for tests)
    def fold(self, table_id: uuid.UUID) -> TableFold:
        """The table's saved snapshot as a fold (settled deals as placeholders)."""
        loaded = self._read(table_id, _club_of(self.tables[table_id]), None)
        assert loaded is not None
        return loaded.fold

    def sitting(self, table_id: uuid.UUID) -> Sitting:
        """The whole engine state, settled deals included (what a ruling is made from)."""
        state = decoded(self.snapshots[table_id].state)
        deals = self.deals.get(table_id, {})
        return replace(state, deals=tuple(json.loads(deals[i]) for i in sorted(deals)))


def _replayed(event: RecordedEvent) -> AppendResult:
    return AppendResult(
        stream=event.stream,
        first_version=event.version,
        last_version=event.version,
        first_position=event.position,
        last_position=event.position,
        events=(event,),
        replayed=True,
    )
