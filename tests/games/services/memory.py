"""The service's core (`decide` on a fold, the decided events appended) driven against
`MemoryEventStore`, with no database: the helpers of the fast service tests.

A request is what `table_events_append` does once it holds the row lock: `decide` on the
table's fold, then append the decided events with the fold's version before as the
expected version. The table is an unsaved `Table` (decide reads only its variant) and its
stream starts, as `table_create` starts it, with `TableCreated` at version 1."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.engine import new_sitting, ruling_document
from games.eventstore import NewEvent, RecordedEvent, VersionConflict
from games.eventstore.memory import MemoryEventStore
from games.models import Table
from games.projections.table_state import TableFold, evolve, fold_events
from games.services.decide import Decision, decide
from games.services.errors import EventRejected
from games.table import RULING_MADE, TABLE_CREATED, stream_name


@dataclass
class MemoryTable:
    """A table whose log is a `MemoryEventStore`, and the fold its requests advance."""

    table: Table
    fold: TableFold
    store: MemoryEventStore = field(default_factory=MemoryEventStore)
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
        sitting = new_sitting(variant=variant, players=players, options=options)
        table = Table(
            id=uuid.uuid4(),
            club_id=uuid.uuid4(),
            name="fast",
            variant=sitting.variant,
            options=dict(sitting.options),
            players=list(sitting.players),
        )
        made = cls(table, TableFold.created(sitting), store or MemoryEventStore())
        data = {
            "table_id": str(table.id),
            "club_id": str(table.club_id),
            "name": table.name,
            "variant": table.variant,
            "options": table.options,
            "players": table.players,
        }
        made.store.append(
            stream=made.stream,
            club=table.club_id,
            expected_version=0,
            events=[NewEvent(TABLE_CREATED, data)],
        )
        made.evolve_appended(0)
        return made

    @property
    def stream(self) -> str:
        return stream_name(self.table.id)

    def post(self, posted: Sequence[Any], *, stale_check: bool = True) -> Decision:
        """One request: decide `posted` on the fold and append what it decided (raises
        `EventRejected` with nothing appended, the fold then as the log folds). With
        `stale_check`, the same append is then tried again with the now stale expected
        version: the store must refuse it."""
        before = self.fold.version
        try:
            decision = decide(self.fold, self.table, posted)
        except EventRejected:
            # `decide` may have advanced the fold by the items before the refused one: the
            # service throws it away (its next request loads the snapshot); here the next
            # request starts from the log.
            self.fold = self.refolded()
            raise
        result = self.store.append(
            stream=self.stream,
            club=self.table.club_id,
            expected_version=before,
            events=decision.events,
        )
        assert result.first_version == before + 1
        assert result.last_version == self.fold.version
        if stale_check:
            with pytest.raises(VersionConflict) as conflict:
                self.store.append(
                    stream=self.stream,
                    club=self.table.club_id,
                    expected_version=before,
                    events=decision.events,
                )
            assert (conflict.value.expected, conflict.value.current) == (before, self.fold.version)
        assert self.store.stream_version(stream=self.stream, club=self.table.club_id) == (
            self.fold.version
        )
        self.evolve_appended(before)
        assert self.evolved == self.fold, posted  # decide and evolve agree, request by request
        return decision

    def evolve_appended(self, after_version: int) -> None:
        appended = self.store.read_stream(
            stream=self.stream, club=self.table.club_id, after_version=after_version
        )
        for event in appended:
            self.evolved = evolve(self.evolved, event, self.postings)

    def log(self) -> list[RecordedEvent]:
        return self.store.read_stream(stream=self.stream, club=self.table.club_id)

    def refolded(self) -> TableFold:
        """The table's stream folded from scratch with `evolve` (the rebuild path)."""
        return fold_events(self.log())

    def ruling(self) -> Any:
        """The sitting's `bourre-ruling/1` document as `GET /ruling` sends it (JSON)."""
        return as_json(ruling_document(self.fold.state))


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def rulings_recorded(decision: Decision, log: Sequence[RecordedEvent]) -> None:
    """Each ruling `decide` answered with is the `RulingMade` recorded at its version."""
    at = {e.version: e for e in log}
    for ruling in decision.rulings:
        recorded = at[ruling["version"]]
        assert recorded.type == RULING_MADE
        assert recorded.data["kind"] == ruling["kind"]
        assert recorded.data["cause_version"] == ruling["cause_version"]
        assert recorded.data["ruling"] == as_json(ruling["ruling"])
