"""The table's write side in memory: `MemoryTables`, on a `MemoryEventStore`.

The fast service tests run the very same service code (`table_create`,
`table_events_append`) on it, with no database: the steps of the unit of work
(`TableRepository`) are the same, only the store differs. Snapshots are kept as the
Postgres store keeps them, as snapshot texts with the settled deals taken out (through the
same codec and cache), so what a request loads is what a saved row gives back. Inline
projections are the ones it is given (none by default: the registered ones write to
PostgreSQL).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from games.engine import Sitting
from games.eventstore import AppendResult, NewEvent, RecordedEvent
from games.eventstore.memory import MemoryEventStore
from games.models import Table
from games.sitting.aggregate import TableFold, dump_state, strip_deals
from games.sitting.repository import Held, NewAnswer, StoredAnswer, TableRepository
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


class MemoryTables(TableRepository):
    """Tables, snapshots, deal summaries and stored answers in dicts; the log in `store`.
    A transaction that fails leaves the dicts as they were (the store's append is the last
    write that can fail, and is all or nothing itself)."""

    def __init__(
        self,
        store: MemoryEventStore | None = None,
        projections: Sequence[InlineProjection] = (),
    ) -> None:
        self.store = store if store is not None else MemoryEventStore()
        self.projections = list(projections)
        self.tables: dict[uuid.UUID, Table] = {}
        self.snapshots: dict[uuid.UUID, _Snapshot] = {}
        self.deals: dict[uuid.UUID, dict[int, str]] = {}
        self.answers: dict[tuple[uuid.UUID, str], StoredAnswer] = {}

    @contextmanager
    def atomic(self) -> Iterator[None]:
        saved = (dict(self.tables), dict(self.snapshots), dict(self.answers))
        deals = {table_id: dict(d) for table_id, d in self.deals.items()}
        try:
            yield
        except BaseException:
            self.tables, self.snapshots, self.answers = saved
            self.deals = deals
            raise

    def _hold(
        self, table_id: uuid.UUID, club_id: uuid.UUID, key: str | None
    ) -> tuple[Held, StoredAnswer | None] | None:
        table = self.tables.get(table_id)
        if table is None or _club_of(table) != club_id:
            return None
        earlier = None if key is None else self.answers.get((table_id, key))
        return Held(table, self.snapshots[table_id].version), earlier

    def _answer_now(self, table_id: uuid.UUID, key: str) -> StoredAnswer | None:
        return self.answers.get((table_id, key))

    def _claim(self, table: Table) -> None:
        pass  # one thread, one transaction at a time: no other create to wait for

    def _created(self, table: Table) -> RecordedEvent | None:
        found = self.store.read_stream(stream=table.stream, club=_club_of(table), limit=1)
        return found[0] if found else None

    def _load(self, held: Held) -> TableFold:
        row = self.snapshots[held.table.id]
        return TableFold(
            state=decoded(row.state),
            deal_start=decoded(row.deal_start),
            version=row.version,
            deal_events=json.loads(row.deal_events),
        )

    def _write(
        self, held: Held, fold: TableFold, *, settled_before: int, answer: NewAnswer | None
    ) -> bool:
        table_id = held.table.id
        if held.new:
            self.tables[table_id] = held.table
            fold.deal_start_changed = True
        if answer is not None:
            if (table_id, answer.key) in self.answers:
                return False
            self.answers[table_id, answer.key] = StoredAnswer(
                answer.request_hash, 201, answer.response
            )
        state, settled = strip_deals(fold.state)
        deals = self.deals.setdefault(table_id, {})
        for index in [i for i in deals if i >= len(state.deals)]:
            del deals[index]  # an undone settling play
        deals.update((i, json.dumps(summary)) for i, summary in settled.items())
        deal_start = self.snapshots[table_id].deal_start if not held.new else ""
        if fold.deal_start_changed:
            deal_start = dump_state(strip_deals(fold.deal_start)[0])
        self.snapshots[table_id] = _Snapshot(
            fold.version, dump_state(state), deal_start, json.dumps(fold.deal_events)
        )
        return True

    def _append(
        self, held: Held, events: Sequence[NewEvent], metadata: dict[str, Any]
    ) -> AppendResult:
        return self.store.append(
            stream=held.table.stream,
            club=_club_of(held.table),
            expected_version=held.version,
            events=events,
            metadata=metadata,
        )

    def project(self, events: Sequence[RecordedEvent]) -> None:
        for project in self.projections:
            project(events)

    # ------------------------------------------------------------------ reads (for tests)
    def fold(self, table_id: uuid.UUID) -> TableFold:
        """The table's saved snapshot as a fold (settled deals as placeholders)."""
        table = self.tables[table_id]
        return self._load(Held(table, self.snapshots[table_id].version))

    def sitting(self, table_id: uuid.UUID) -> Sitting:
        """The whole engine state, settled deals included (what a ruling is made from)."""
        state = decoded(self.snapshots[table_id].state)
        deals = self.deals.get(table_id, {})
        return replace(state, deals=tuple(json.loads(deals[i]) for i in sorted(deals)))
