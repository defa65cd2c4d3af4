"""The fast service tests' table: the very service code (`table_create`,
`table_events_append`) run on the memory store (`games.sitting.memory.MemoryTables` on a
`MemoryEventStore`), no database. Nothing here re-enacts the service: it posts, and reads
back what the store saved to check it against the log."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from clubs.models import Club
from eventlog import RecordedEvent
from eventlog.memory import MemoryEventStore
from games.engine import ruling_document
from games.models import Table
from games.services import StaleVersion, commands_parse, table_create, table_events_append
from games.sitting.aggregate import TableFold, evolve, fold_events
from games.sitting.memory import MemoryTables
from table_stream import RULING_MADE


@dataclass
class MemoryTable:
    """One table created through the service on `MemoryTables`."""

    tables: MemoryTables
    club: Club
    table: Table
    # The stream as the rebuild path folds it, advanced by `evolve` on each appended event
    # as read back from the store (`refolded` folds the whole stream from scratch).
    evolved: TableFold | None = None
    postings: dict[int, list[Any]] = field(default_factory=dict)

    @classmethod
    def created(
        cls,
        *,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        store: MemoryEventStore | None = None,
    ) -> MemoryTable:
        tables = MemoryTables(store)
        club = Club(id=uuid.uuid4(), name="fast")
        table = table_create(
            club=club,
            name="fast",
            variant=variant,
            players=players,
            options=options,
            tables=tables,
        )
        made = cls(tables, club, table)
        made.evolve_appended(0)
        return made

    @property
    def store(self) -> MemoryEventStore:
        return self.tables.store

    @property
    def stream(self) -> str:
        return self.table.stream

    @property
    def fold(self) -> TableFold:
        """The table's saved snapshot, its settled deals put back (as a fold of the log
        holds them)."""
        fold = self.tables.fold(self.table.id)
        state = self.tables.sitting(self.table.id)
        start = replace(fold.deal_start, deals=state.deals[: len(fold.deal_start.deals)])
        return _comparable(replace(fold, state=state, deal_start=start))

    def post(self, posted: Sequence[Any], *, stale_check: bool = True) -> dict[str, Any]:
        """One request through `table_events_append`; its answer's body (raises
        `EventRejected` with nothing appended). With `stale_check`, the same request is
        then posted again with the now stale expected version: it must be refused."""
        before = self.tables.fold(self.table.id).version
        outcome = table_events_append(
            table_id=self.table.id,
            club=self.club,
            expected_version=before,
            commands=commands_parse(posted),
            tables=self.tables,
        )
        after = outcome.body["version"]
        if stale_check:
            with pytest.raises(StaleVersion) as stale:
                table_events_append(
                    table_id=self.table.id,
                    club=self.club,
                    expected_version=before,
                    commands=commands_parse(posted),
                    tables=self.tables,
                )
            assert (stale.value.expected, stale.value.current) == (before, after)
        assert self.store.stream_version(stream=self.stream, club=self.club.id) == after
        self.evolve_appended(before)
        assert self.evolved is not None
        assert _comparable(self.evolved) == self.fold, posted  # decide and evolve agree
        return outcome.body

    def evolve_appended(self, after_version: int) -> None:
        appended = self.store.read_stream(
            stream=self.stream, club=self.club.id, after_version=after_version
        )
        for event in appended:
            self.evolved = evolve(self.evolved, event, self.postings)

    def log(self) -> list[RecordedEvent]:
        return self.store.read_stream(stream=self.stream, club=self.club.id)

    def refolded(self) -> TableFold:
        """The table's stream folded from scratch with `evolve` (the rebuild path)."""
        return _comparable(fold_events(self.log()))

    def ruling(self) -> Any:
        """The sitting's `bourre-ruling/1` document as `GET /ruling` sends it (JSON)."""
        return as_json(ruling_document(self.tables.sitting(self.table.id)))


def _comparable(fold: TableFold) -> TableFold:
    # Whether the deal's start changed is news for the next save, not part of the state.
    return replace(fold, deal_start_changed=False)


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def rulings_recorded(body: Mapping[str, Any], log: Sequence[RecordedEvent]) -> None:
    """Each ruling the answer gave is the `RulingMade` recorded at its version."""
    at = {e.version: e for e in log}
    for ruling in body["rulings"]:
        recorded = at[ruling["version"]]
        assert recorded.type == RULING_MADE
        assert recorded.data["kind"] == ruling["kind"]
        assert recorded.data["cause_version"] == ruling["cause_version"]
        assert recorded.data["ruling"] == as_json(ruling["ruling"])
