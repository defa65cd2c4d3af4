"""The unit of work's one path: `load` (the snapshot this process kept of its last save of
the table, when at the version expected; else the row read, no lock), decide, `save` where
the row is still at the version decided on (`games_table_save`'s `p_row_version`). When the
row has moved since, nothing is written and the table is read again, which answers: a
stale version, the stored answer of a retry, no such table, the engine's refusal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from eventlog import read_stream
from games.models import Table, TableDeal, TableRequest, TableSnapshot
from games.selectors import table_ruling
from games.services import commands_parse, table_create, table_events_append
from games.sitting import POSTGRES, postgres
from games.sitting.errors import EventRejected, TableNotFound
from ledger.models import PostingLeg
from tests.clubs.helpers import make_club
from tests.games.api.sittings import api_events, first_seats
from tests.games.sitting.plays import (
    DECLARED,
    PLAY,
    another_card_is_stale,
    play_stored_and_replayed,
    sent,
)

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


@pytest.fixture(autouse=True)
def _nothing_kept() -> Iterator[None]:
    POSTGRES.kept.forget()
    yield
    POSTGRES.kept.forget()


def _committed(capture: Any, **kwargs: Any) -> Any:
    """`table_events_append` as a request that commits: the kept row is the one it wrote."""
    with capture(execute=True):
        return table_events_append(**kwargs)


def _snapshot_read(sql: str) -> bool:
    return "FROM games_tablestate s JOIN" in sql  # `rows.READ_SQL`: a load not from the kept


def _dealt(capture: Any) -> tuple[Any, Any, int]:
    club = make_club()
    with capture(execute=True):
        table = table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    version = _committed(
        capture, table_id=table.id, club=club, expected_version=1, commands=commands_parse(DECLARED)
    ).body["version"]
    return club, table, version


def test_a_play_on_the_kept_row_is_one_statement(
    django_capture_on_commit_callbacks: Any,
) -> None:
    club, table, dealt = _dealt(django_capture_on_commit_callbacks)
    with CaptureQueriesContext(connection) as queries:
        outcome = _committed(
            django_capture_on_commit_callbacks, table_id=table.id, club=club,
            expected_version=dealt, commands=commands_parse([PLAY]), idempotency_key="tap-1",
            with_state=False,
        )  # fmt: skip
    statements = sent(queries)
    assert len(statements) == 1, statements
    assert statements[0].startswith("SELECT * FROM games_table_save(")
    assert outcome.body["version"] == dealt + 1
    # The retry: the kept snapshot is past the version it expects: the read answers.
    play_stored_and_replayed(table=table, club=club, dealt=dealt, outcome=outcome)


def test_a_row_moved_behind_the_kept_snapshot_is_read_again(
    django_capture_on_commit_callbacks: Any,
) -> None:
    club, table, dealt = _dealt(django_capture_on_commit_callbacks)
    # Another process plays: this one's kept row stays at `dealt`.
    first = table_events_append(
        table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY]),
        idempotency_key="tap-1", with_state=False,
    )  # fmt: skip
    assert POSTGRES.kept.get(table.id, club.id).version == dealt  # type: ignore[union-attr]
    another_card_is_stale(table=table, club=club, dealt=dealt)
    # The other process's request retried here: its stored answer.
    again = table_events_append(
        table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY]),
        idempotency_key="tap-1", with_state=False,
    )  # fmt: skip
    assert (again.replayed, again.content) == (True, first.content)
    assert TableSnapshot.objects.get(table_id=table.id).version == dealt + 1
    assert len(read_stream(stream=table.stream)) == dealt + 1


def test_an_abandoned_tables_kept_snapshot_takes_no_play(
    django_capture_on_commit_callbacks: Any,
) -> None:
    club, table, dealt = _dealt(django_capture_on_commit_callbacks)
    Table.objects.filter(id=table.id).update(import_status="abandoned")
    with pytest.raises(TableNotFound):
        table_events_append(
            table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY])
        )
    assert len(read_stream(stream=table.stream)) == dealt


def test_another_clubs_key_finds_nothing_kept(django_capture_on_commit_callbacks: Any) -> None:
    _, table, dealt = _dealt(django_capture_on_commit_callbacks)
    with pytest.raises(TableNotFound):
        table_events_append(
            table_id=table.id,
            club=make_club(),
            expected_version=dealt,
            commands=commands_parse([PLAY]),
        )


def test_a_refusal_on_the_kept_snapshot_is_confirmed_on_a_read(
    django_capture_on_commit_callbacks: Any,
) -> None:
    club, table, dealt = _dealt(django_capture_on_commit_callbacks)
    with CaptureQueriesContext(connection) as queries, pytest.raises(EventRejected):
        table_events_append(
            table_id=table.id, club=club, expected_version=dealt,
            commands=commands_parse([{"player": "ben", "play": "AS"}]),  # not ben's turn
        )  # fmt: skip
    assert any(_snapshot_read(sql) for sql in sent(queries))
    assert len(read_stream(stream=table.stream)) == dealt


@pytest.mark.parametrize(
    "name", ["louisiana-02-tie-bourre-lone", "sitting-01-louisiana-roster-close"]
)
def test_a_whole_sitting_on_kept_snapshots_rules_as_the_case_says(
    django_capture_on_commit_callbacks: Any, name: str
) -> None:
    """Deals settled (their summaries written with the save), chips moved (the ledger's
    legs), seats changed and the table closed, every request loading the kept snapshot (no
    read): the ruling is the conformance case's."""
    case = json.loads((CASES / f"{name}.json").read_text())
    transcript = case["transcript"]
    club = make_club()
    with django_capture_on_commit_callbacks(execute=True):
        table = table_create(
            club=club, name="t", variant=transcript["variant"],
            players=first_seats(transcript), options=transcript.get("options", {}),
        )  # fmt: skip
    version, reads = 1, 0
    for _, event in api_events(transcript):
        with CaptureQueriesContext(connection) as queries:
            version = _committed(
                django_capture_on_commit_callbacks, table_id=table.id, club=club,
                expected_version=version, commands=commands_parse([event]), with_state=False,
            ).body["version"]  # fmt: skip
        reads += sum(_snapshot_read(sql) for sql in sent(queries))
    assert reads == 0
    row = TableSnapshot.objects.get(table_id=table.id)
    assert row.version == version == len(read_stream(stream=table.stream))
    assert TableDeal.objects.filter(table_id=table.id).count() == len(transcript["deals"])
    assert PostingLeg.objects.filter(club_id=club.id).exists()
    assert table_ruling(table=Table.objects.get(id=table.id)) == case["expected"]


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_a_quiet_play_is_its_own_transaction() -> None:
    """No inline projection books a card play that moves no chips and no deal settles: the
    save is sent alone, in autocommit (no BEGIN or COMMIT around it), and commits."""
    club = make_club()
    table = table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    dealt = table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(DECLARED)
    ).body["version"]
    seen: list[tuple[str, bool]] = []

    def watch(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        seen.append((sql, connection.in_atomic_block))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        outcome = table_events_append(
            table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY]),
            idempotency_key="tap-1", with_state=False,
        )  # fmt: skip
    assert len(seen) == 1, seen
    assert seen[0][0].startswith("SELECT * FROM games_table_save(")
    assert seen[0][1] is False  # autocommit: the statement is its own transaction
    assert TableSnapshot.objects.get(table_id=table.id).version == outcome.body["version"]
    assert TableRequest.objects.filter(table_id=table.id, key="tap-1").exists()
    assert POSTGRES.kept.get(table.id, club.id).version == outcome.body["version"]  # type: ignore[union-attr]


def test_a_row_moved_after_the_read_is_read_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club = make_club()
    table = table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    dealt = table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(DECLARED)
    ).body["version"]
    read = postgres.row_read

    def read_then_another_plays(*args: Any) -> Any:
        found = read(*args)
        monkeypatch.setattr(postgres, "row_read", read)
        table_events_append(
            table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY])
        )
        return found

    monkeypatch.setattr(postgres, "row_read", read_then_another_plays)
    another_card_is_stale(table=table, club=club, dealt=dealt)
    assert len(read_stream(stream=table.stream)) == dealt + 1
