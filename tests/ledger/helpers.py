"""Tables whose ledgers the tests read: conformance sittings logged through the games
service (the real producer of the events), or hand-made events appended to the log."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from django.db import transaction

from clubs.models import Club
from eventlog import NewEvent, RecordedEvent, append, read_stream
from eventlog.registry import project_inline
from games.services.events import table_events_append
from games.services.tables import table_import
from games.sitting import commands_parse

CASES = Path(__file__).resolve().parents[1] / "conformance" / "cases"
#: The cases that rule (the reject-* ones are refused by design).
RULED = sorted(p.stem for p in CASES.glob("*.json") if not p.stem.startswith("reject-"))


def case(name: str) -> dict[str, Any]:
    return json.loads((CASES / f"{name}.json").read_text())


def import_case(club: Club, name: str) -> uuid.UUID:
    """A new table of ``club`` holding the whole conformance sitting ``name``."""
    return table_import(club=club, name=name, transcript=case(name)["transcript"]).id


def log_events(club: Club, table_id: uuid.UUID, events: list[Any]) -> dict[str, Any]:
    version = len(read_stream(stream=f"table-{table_id}"))
    outcome = table_events_append(
        table_id=table_id, club=club, expected_version=version, commands=commands_parse(events)
    )
    return outcome.body


def stream_of(table_id: uuid.UUID) -> str:
    return f"table-{table_id}"


def events_of(table_id: uuid.UUID) -> list[RecordedEvent]:
    return read_stream(stream=stream_of(table_id))


#: The club of the hand-made tables (their streams go to its partition of the log).
HAND_MADE_CLUB = "0c1ab000-0000-4000-8000-00000000c0de"


def append_projected(stream: str, events: list[NewEvent]) -> list[RecordedEvent]:
    """Append and project inline in one transaction, as the table's repository does (a
    `TableCreated` projects the table's row, which names its club: the club exists)."""
    with transaction.atomic():
        Club.objects.get_or_create(id=HAND_MADE_CLUB, defaults={"name": "hand-made"})
        result = append(stream=stream, club=HAND_MADE_CLUB, expected_version=None, events=events)
        project_inline(result.events)
    return list(result.events)


def table_created(table_id: uuid.UUID, club_id: str = HAND_MADE_CLUB) -> NewEvent:
    return NewEvent(
        "TableCreated",
        {
            "table_id": str(table_id),
            "club_id": club_id,
            "name": "hand made",
            "variant": "louisiana",
            "options": {},
            "players": ["ana", "ben"],
        },
    )


def ruling(
    kind: str, postings: list[tuple[str, list[tuple[str, int]]]], cause: int = 1
) -> NewEvent:
    return NewEvent(
        "RulingMade",
        {
            "kind": kind,
            "ruling": {},
            "postings": [{"kind": k, "legs": [[a, n] for a, n in legs]} for k, legs in postings],
            "rules_version": "bourre-rules/1.0",
            "cause_version": cause,
            "deal": 0,
        },
    )


def a_deal_header(name: str) -> dict[str, Any]:
    """The header of the case's first deal, to log one more deal of that table."""
    first = case(name)["transcript"]["deals"][0]
    return {key: value for key, value in first.items() if key != "actions"}
