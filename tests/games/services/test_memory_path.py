"""One service, two stores: each conformance case posted one event per request through
`table_events_append` on PostgreSQL records the same events, version for version, as the
same service on the memory store (`MemoryTables`, tests/games/services/memory.py) records.
On the database (this module only)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eventlog import read_stream
from games.services import commands_parse, table_create, table_events_append
from tests.clubs.helpers import make_club
from tests.games.api.sittings import api_events, first_seats
from tests.games.services.memory import MemoryTable

CASES = sorted((Path(__file__).resolve().parents[2] / "conformance" / "cases").glob("*.json"))
RULED = [p for p in CASES if "rejected" not in json.loads(p.read_text())]


@pytest.mark.django_db
@pytest.mark.parametrize("path", RULED, ids=[p.stem for p in RULED])
def test_the_memory_path_records_what_the_service_records(path: Path) -> None:
    transcript = json.loads(path.read_text())["transcript"]
    players, options = first_seats(transcript), transcript.get("options", {})
    memory = MemoryTable.created(variant=transcript["variant"], players=players, options=options)
    club = make_club()
    table = table_create(
        club=club, name="fast", variant=transcript["variant"], players=players, options=options
    )
    version = 1
    for _, event in api_events(transcript):
        memory.post([event], stale_check=False)
        outcome = table_events_append(
            table_id=table.id, club=club, expected_version=version, commands=commands_parse([event])
        )
        version = outcome.body["version"]
        assert version == memory.fold.version
    recorded = read_stream(stream=table.stream, club=club.id)
    assert [(e.version, e.type, e.data) for e in recorded][1:] == [
        (e.version, e.type, e.data) for e in memory.log()
    ][1:]  # version 1, `TableCreated`, names each its own table
