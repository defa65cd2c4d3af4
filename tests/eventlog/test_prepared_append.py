"""The append as a statement prepared once per connection, straight on libpq, and the
psycopg path it falls back to: both record exactly the same and fail the same way."""

import pytest
from django.db import DataError, ProgrammingError, connection, transaction
from django.test import override_settings

from eventlog import (
    IdempotencyConflict,
    NewEvent,
    VersionConflict,
    append,
    read_stream,
    verify_chain,
)

pytestmark = pytest.mark.django_db


def played(card: str) -> NewEvent:
    return NewEvent(type="CardPlayed", data={"card": card, "note": 'é ♥ "q" \\ {x}'})


def _prepared() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements")
        return {row[0] for row in cursor.fetchall()}


def test_the_append_is_prepared_once_per_connection(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    assert "eventstore_append" in _prepared()
    second = append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
    assert second.events[0].version == 2
    assert read_stream(stream=stream_id, club=club)[-1] == second.events[0]


@pytest.mark.django_db(transaction=True)  # it closes the connection
@override_settings(EVENTSTORE_PREPARED_APPEND=False)
def test_with_prepared_statements_off_the_append_prepares_nothing(stream_id, club):
    # A fresh server connection: nothing prepared on it from an earlier test.
    connection.close()
    first = append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    second = append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
    assert "eventstore_append" not in _prepared()
    assert second.events[0].prev_hash == first.events[0].hash
    assert read_stream(stream=stream_id, club=club) == [*first.events, *second.events]


@pytest.mark.parametrize("prepared", [True, False])
def test_both_paths_record_the_same_chain_and_raise_the_same_conflicts(stream_id, club, prepared):
    with override_settings(EVENTSTORE_PREPARED_APPEND=prepared):
        first = append(
            club=club,
            stream=stream_id,
            expected_version=0,
            events=[played("A♠"), played("K♠")],
            idempotency_key="deal-1",
            metadata={"actor": "scorekeeper é"},
        )
        with pytest.raises(VersionConflict) as conflict:
            append(club=club, stream=stream_id, expected_version=1, events=[played("Q♠")])
        assert (conflict.value.expected, conflict.value.current) == (1, 2)
        with pytest.raises(IdempotencyConflict):
            append(
                club=club,
                stream=stream_id,
                expected_version=2,
                events=[played("Q♠")],
                idempotency_key="deal-1",
            )
        again = append(
            club=club,
            stream=stream_id,
            expected_version=0,
            events=[played("A♠"), played("K♠")],
            idempotency_key="deal-1",
        )
    assert again.replayed
    assert again.events == first.events
    assert read_stream(stream=stream_id, club=club) == list(first.events)
    assert verify_chain(club=club).ok


@pytest.mark.django_db(transaction=True)  # it closes the connection
def test_a_reconnected_connection_prepares_the_append_again(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    connection.close()  # a new server session: its prepared statements are gone
    second = append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
    assert _prepared() == {"eventstore_append_one"}  # one event alone: one statement
    keyed = append(
        club=club, stream=stream_id, expected_version=2, events=[played("Q♠")], idempotency_key="k"
    )
    assert _prepared() == {"eventstore_append_one", "eventstore_append"}
    assert [second.events[0].version, keyed.events[0].version] == [2, 3]


@pytest.mark.parametrize("prepared", [True, False])
def test_text_libpq_cannot_carry_is_refused_as_psycopg_refuses_it(stream_id, club, prepared):
    with override_settings(EVENTSTORE_PREPARED_APPEND=prepared):
        with pytest.raises(DataError, match="NUL"):
            append(club=club, stream=f"{stream_id}\x00", expected_version=0, events=[played("A")])
        with pytest.raises(UnicodeEncodeError):
            append(club=club, stream=f"{stream_id}\ud800", expected_version=0, events=[played("A")])
    assert read_stream(stream=stream_id, club=club) == []


def _append_then_fail(club: str, stream: str, *, savepoint: bool) -> None:
    with transaction.atomic():
        append(
            club=club,
            stream=stream,
            expected_version=None,
            events=[played("x")],
            savepoint=savepoint,
        )
        raise RuntimeError("the projection update failed")


@pytest.mark.django_db(transaction=True)  # the outermost atomic block is the test's own
@pytest.mark.parametrize("savepoint", [True, False])
def test_an_append_that_opens_an_atomic_block_rolls_back_with_it(stream_id, club, savepoint):
    # psycopg sends a transaction's BEGIN with its first statement: an append that is the
    # first must not run, and commit, on its own.
    connection.close()  # a fresh connection: nothing sent in a transaction yet
    with pytest.raises(RuntimeError):
        _append_then_fail(club, stream_id, savepoint=savepoint)
    assert read_stream(stream=stream_id, club=club) == []
    transaction.set_autocommit(False)
    try:
        append(club=club, stream=stream_id, expected_version=0, events=[played("K♠")])
        transaction.rollback()
    finally:
        transaction.set_autocommit(True)
    assert read_stream(stream=stream_id, club=club) == []


@pytest.mark.django_db(transaction=True)
def test_a_statement_deallocated_behind_its_back_is_prepared_again(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    # On its own (autocommit): prepared again and run at once (the function's statement: a
    # key; a lone event would go the one-statement way, prepared under another name).
    second = append(
        club=club, stream=stream_id, expected_version=1, events=[played("K♠")], idempotency_key="k"
    )
    assert second.events[0].version == 2
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    # Inside a transaction the failed call has aborted it: that append fails, the next works.
    with pytest.raises(ProgrammingError), transaction.atomic():
        append(club=club, stream=stream_id, expected_version=2, events=[played("Q♠")])
    third = append(club=club, stream=stream_id, expected_version=2, events=[played("J♠")])
    assert [e.data["card"] for e in read_stream(stream=stream_id, club=club)] == [
        "A♠",
        "K♠",
        "J♠",
    ]
    assert third.events[0].prev_hash == second.events[0].hash


@pytest.mark.django_db(transaction=True)
def test_with_psycopg_preparing_its_own_the_append_survives_its_deallocate_all(stream_id, club):
    # With OPTIONS prepare_threshold set, psycopg prepares statements and sends DEALLOCATE
    # ALL after every rollback; the append then goes through psycopg's cursor.
    connection.ensure_connection()
    connection.connection.prepare_threshold = 0
    try:
        for version in range(3):
            with pytest.raises(RuntimeError):
                _append_then_fail(club, stream_id, savepoint=True)
            append(club=club, stream=stream_id, expected_version=version, events=[played("A")])
    finally:
        connection.close()
    assert len(read_stream(stream=stream_id, club=club)) == 3
