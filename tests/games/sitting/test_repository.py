"""The table's unit of work: one `save` in one order (snapshot, append, inline
projections) for a new table as for an existing one, all or nothing, on both stores."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import pytest

from clubs.models import Club
from followers import registry
from games.eventstore import AppendResult, NewEvent, RecordedEvent, read_stream
from games.models import Table, TableState
from games.services import table_create, table_events_append
from games.sitting.aggregate import TableFold
from games.sitting.memory import MemoryTables
from games.sitting.repository import Held, NewAnswer
from tests.clubs.helpers import make_club

DEAL = {"deal": {"dealer": "ana", "trump": "2S"}}


class Recording(MemoryTables):
    """`MemoryTables` noting the order of its writes."""

    def __init__(self) -> None:
        super().__init__(projections=[lambda events: self.steps.append("project")])
        self.steps: list[str] = []

    def _write(
        self, held: Held, fold: TableFold, *, settled_before: int, answer: NewAnswer | None
    ) -> bool:
        self.steps.append("snapshot")
        return super()._write(held, fold, settled_before=settled_before, answer=answer)

    def _append(
        self, held: Held, events: Sequence[NewEvent], metadata: dict[str, Any]
    ) -> AppendResult:
        self.steps.append("append")
        return super()._append(held, events, metadata)


def _club() -> Club:
    return Club(id=uuid.uuid4(), name="fast")


def test_create_and_append_save_in_one_order() -> None:
    tables, club = Recording(), _club()
    players = ["ana", "ben", "cy", "dee"]
    table = table_create(club=club, name="t", variant="louisiana", players=players, tables=tables)
    assert tables.steps == ["snapshot", "append", "project"]
    tables.steps.clear()
    table_events_append(
        table_id=table.id, club=club, expected_version=1, events=[DEAL], tables=tables
    )
    assert tables.steps == ["snapshot", "append", "project"]


def test_a_failing_projection_leaves_the_memory_store_as_it_was() -> None:
    def refuse(events: Sequence[RecordedEvent]) -> None:
        if events[0].version > 1:
            raise RuntimeError("projection down")

    tables, club = MemoryTables(projections=[refuse]), _club()
    players = ["ana", "ben", "cy", "dee"]
    table = table_create(club=club, name="t", variant="louisiana", players=players, tables=tables)
    with pytest.raises(RuntimeError):
        table_events_append(
            table_id=table.id, club=club, expected_version=1, events=[DEAL], tables=tables
        )
    assert tables.fold(table.id).version == 1  # the snapshot written first was taken back


@pytest.mark.django_db
def test_the_table_row_is_the_inline_projection_of_table_created() -> None:
    club = make_club()
    table = table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    (created,) = read_stream(stream=table.stream, club=club.id)
    row = Table.objects.get(id=table.id)
    assert row.created_at == created.recorded_at == table.created_at
    assert (row.name, row.players) == ("t", ["ana", "ben", "cy"])


@pytest.mark.django_db
def test_a_failing_inline_projection_writes_nothing_on_postgres() -> None:
    def refuse(events: Sequence[RecordedEvent]) -> None:
        raise RuntimeError("projection down")

    club = make_club()
    registry.register_inline("refusing", refuse)
    try:
        with pytest.raises(RuntimeError):
            table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    finally:
        registry._subscriptions.pop("refusing")
    assert not Table.objects.filter(club=club).exists()
    assert not TableState.objects.filter(table__club=club).exists()
