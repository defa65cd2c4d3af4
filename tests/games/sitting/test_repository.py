"""The table's unit of work: `load` then one `save` (a value built before anything is
written), the same path for a new table as for an existing one, all or nothing, on both
stores."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import pytest

from clubs.models import Club
from eventlog import AppendResult, RecordedEvent, read_stream, registry
from games.models import Table, TableSnapshot
from games.services import commands_parse, table_create, table_events_append
from games.sitting import RowMoved, Save
from games.sitting.memory import MemoryTables
from tests.clubs.helpers import make_club

DEAL = {"deal": {"dealer": "ana", "trump": "2S"}}


class Recording(MemoryTables):
    """`MemoryTables` noting what each save was asked to write."""

    def __init__(self) -> None:
        super().__init__(projections=[lambda events: self.steps.append("project")])
        self.steps: list[str] = []
        self.saves: list[Save] = []

    def _write(self, save: Save) -> AppendResult:
        self.saves.append(save)
        self.steps.append("save")
        return super()._write(save)


def _club() -> Club:
    return Club(id=uuid.uuid4(), name="fast")


def test_create_and_append_are_one_save_each() -> None:
    tables, club = Recording(), _club()
    players = ["ana", "ben", "cy", "dee"]
    table = table_create(club=club, name="t", variant="louisiana", players=players, tables=tables)
    assert tables.steps == ["save", "project"]
    created = tables.saves[-1]
    assert (created.new, created.version, created.snapshot.version) == (True, 0, 1)
    tables.steps.clear()
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse([DEAL]),
        tables=tables,
    )
    assert tables.steps == ["save", "project"]
    dealt = tables.saves[-1]
    assert (dealt.new, dealt.version) == (False, 1)
    assert dealt.snapshot.version == 1 + len(dealt.events)
    assert dealt.snapshot.deal_start_changed  # the deal's start is new
    # The next play loads the snapshot kept of that save: no read of the store.
    assert tables.kept.get(table.id, club.id).version == dealt.snapshot.version  # type: ignore[union-attr]


def test_a_save_on_a_moved_table_writes_nothing() -> None:
    tables, club = MemoryTables(), _club()
    table = table_create(
        club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"], tables=tables
    )
    loaded = tables.load(table.id, club.id)
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse([DEAL]),
        tables=tables,
    )  # fmt: skip
    stale = Save.of(loaded, [], metadata={})
    with pytest.raises(RowMoved):
        tables.save(stale)
    assert len(tables.store.read_stream(stream=table.stream, club=club.id)) > 1


def test_a_failing_projection_leaves_the_memory_store_as_it_was() -> None:
    def refuse(events: Sequence[RecordedEvent]) -> None:
        if events[0].version > 1:
            raise RuntimeError("projection down")

    tables, club = MemoryTables(projections=[refuse]), _club()
    players = ["ana", "ben", "cy", "dee"]
    table = table_create(club=club, name="t", variant="louisiana", players=players, tables=tables)
    with pytest.raises(RuntimeError):
        table_events_append(
            table_id=table.id,
            club=club,
            expected_version=1,
            commands=commands_parse([DEAL]),
            tables=tables,
        )
    assert tables.fold(table.id).version == 1  # nothing of the save is left
    assert len(tables.store.read_stream(stream=table.stream, club=club.id)) == 1


@pytest.mark.django_db
def test_the_table_row_is_written_by_the_save_at_the_time_recorded() -> None:
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
    assert not TableSnapshot.objects.filter(table__club=club).exists()
