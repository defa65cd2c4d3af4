"""A play's write on PostgreSQL in one statement (`games_table_save`): the snapshot row,
the stored answer and the append together; nothing else is sent, and a key stored meanwhile
by another request still refuses the play and writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from eventlog import read_stream
from games.models import TableRequest, TableSnapshot
from games.services import commands_parse, table_create, table_events_append
from games.sitting import postgres
from games.sitting.errors import IdempotencyKeyReused
from tests.clubs.helpers import make_club
from tests.games.sitting.plays import DEAL, DECLARED, PLAY, play_stored_and_replayed, sent

pytestmark = pytest.mark.django_db


def _table() -> tuple[Any, Any]:
    club = make_club()
    return club, table_create(
        club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"]
    )


def test_a_keyed_card_play_sends_a_read_and_one_save() -> None:
    """Not kept in this process (the test's transaction never commits): the row and the
    answer are read without a lock, and the save names the version read."""
    club, table = _table()
    dealt = table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(DECLARED)
    ).body["version"]
    with CaptureQueriesContext(connection) as queries:
        outcome = table_events_append(
            table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY]),
            idempotency_key="tap-1", with_state=False,
        )  # fmt: skip
    statements = sent(queries)
    assert len(statements) == 2, statements
    assert "FOR UPDATE" not in statements[0]
    assert "games_table_save(" in statements[1]
    play_stored_and_replayed(table=table, club=club, dealt=dealt, outcome=outcome)


def test_a_key_stored_while_waiting_refuses_the_play_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club, table = _table()
    TableRequest.objects.create(
        table_id=table.id,
        club_id=club.id,
        key="tap-1",
        request_hash="other",
        status_code=201,
        response="{}",
    )
    # The read saw the answers before the other request committed.
    read = postgres.row_read
    monkeypatch.setattr(
        postgres,
        "row_read",
        lambda *args: (read(*args)[0], None),  # type: ignore[index]
    )
    with pytest.raises(IdempotencyKeyReused):
        table_events_append(
            table_id=table.id, club=club, expected_version=1, commands=commands_parse([DEAL]),
            idempotency_key="tap-1",
        )  # fmt: skip
    assert TableSnapshot.objects.get(table_id=table.id).version == 1
    assert [e.type for e in read_stream(stream=table.stream)] == ["TableCreated"]
    assert TableRequest.objects.get(table_id=table.id, key="tap-1").request_hash == "other"


def test_where_the_log_is_distributed_the_append_is_called_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club, table = _table()
    dealt = table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(DECLARED)
    ).body["version"]
    monkeypatch.setattr(postgres, "_one_statement", lambda: False)  # as on Citus
    with CaptureQueriesContext(connection) as queries:
        outcome = table_events_append(
            table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY]),
            idempotency_key="tap-1", with_state=False,
        )  # fmt: skip
    statements = sent(queries)
    assert len(statements) == 3, statements
    assert "games_table_save" not in " ".join(statements)
    assert statements[1].startswith("WITH listed AS (UPDATE")
    assert "saved AS (UPDATE" in statements[1]
    assert "stored AS (INSERT" in statements[1]
    assert statements[2].startswith("SELECT * FROM eventstore_append(")
    assert TableSnapshot.objects.get(table_id=table.id).version == outcome.body["version"]
