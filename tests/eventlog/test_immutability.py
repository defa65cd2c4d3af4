"""Postgres itself refuses to change the log, whoever asks; tampering is detected."""

import re

import psycopg
import pytest

from eventlog import NewEvent, append, read_stream, verify_chain

pytestmark = pytest.mark.django_db(transaction=True)

# On Citus (make test-citus) a change of a row's club, the distribution column, is refused
# by Citus itself before a trigger or a privilege is looked at: refused all the same.
CITUS_REFUSES_A_NEW_CLUB = "(modifying the partition value|must not be VOLATILE)"


@pytest.fixture
def committed(stream_id, club):
    return append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[NewEvent(type="CardPlayed", data={"card": c}) for c in ("A♠", "K♠", "Q♠")],
    )


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE eventstore_event SET data = '{}' WHERE stream = %s",
        "DELETE FROM eventstore_event WHERE stream = %s",
        "TRUNCATE eventstore_event",
        "UPDATE eventstore_idempotency SET stream = 'x' WHERE stream = %s",
        "DELETE FROM eventstore_partition",
        "UPDATE eventstore_partition SET club_id = gen_random_uuid()",
    ],
)
def test_the_application_role_cannot_change_the_log(app_dsn, committed, statement):
    with psycopg.connect(app_dsn) as conn, pytest.raises(psycopg.Error) as refused:
        conn.execute(statement, [committed.stream] if "%s" in statement else None)
    if not isinstance(refused.value, psycopg.errors.InsufficientPrivilege):
        assert re.search(CITUS_REFUSES_A_NEW_CLUB, str(refused.value)), refused.value
    assert len(read_stream(stream=committed.stream)) == 3


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE eventstore_event SET data = '{}' WHERE stream = %s",
        "DELETE FROM eventstore_event WHERE stream = %s",
        "TRUNCATE eventstore_event",
    ],
)
def test_even_the_owner_is_refused_by_the_triggers(owner_dsn, committed, statement):
    with psycopg.connect(owner_dsn) as conn, pytest.raises(psycopg.Error, match="append-only"):
        conn.execute(statement, [committed.stream] if "%s" in statement else None)
    assert len(read_stream(stream=committed.stream)) == 3


def _rewrite_payload(dsn: str, club: str, position: int, data: str) -> None:
    """What an attacker with superuser rights would do: switch the trigger off and edit."""
    with psycopg.connect(dsn) as conn, conn.transaction():
        # Citus asks for it to touch a distributed table's triggers (a placeholder without).
        conn.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        conn.execute(
            "ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_no_update_delete"
        )
        conn.execute(
            "UPDATE eventstore_event SET data = %s::jsonb WHERE club_id = %s AND position = %s",
            [data, club, position],
        )
        conn.execute(
            "ALTER TABLE eventstore_event ENABLE TRIGGER eventstore_event_no_update_delete"
        )


def test_verify_chain_names_the_exact_position_of_a_tampered_payload(
    superuser_dsn, committed, club
):
    first, middle, last = (e.position for e in committed.events)
    assert verify_chain(club=club, from_position=first, to_position=last).ok
    _rewrite_payload(superuser_dsn, club, middle, '{"card": "2♣"}')
    try:
        report = verify_chain(club=club, from_position=first, to_position=last)
        assert (report.ok, report.first_broken, report.checked) == (False, middle, 1)
        assert report.reason == "hash does not match"
        assert verify_chain(club=club).first_broken == middle
    finally:
        _rewrite_payload(superuser_dsn, club, middle, '{"card": "K♠"}')
    assert verify_chain(club=club, from_position=first, to_position=last).ok


@pytest.fixture
def keyed(stream_id, club):
    """A committed append with an idempotency key, so the key table has a row of it."""
    return append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[NewEvent(type="CardPlayed", data={"card": "A♠"})],
        idempotency_key=f"key-{stream_id}",
    )


def _partitions(dsn: str) -> list[tuple[str]]:
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT club_id::text FROM eventstore_partition ORDER BY 1").fetchall()


def _keys(dsn: str, stream: str) -> list[tuple[str, str]]:
    with psycopg.connect(dsn) as conn:
        return conn.execute(
            "SELECT key, stream FROM eventstore_idempotency WHERE stream = %s", [stream]
        ).fetchall()


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        ("UPDATE eventstore_idempotency SET stream = 'x' WHERE stream = %s", "append-only"),
        ("DELETE FROM eventstore_idempotency WHERE stream = %s", "append-only"),
        ("TRUNCATE eventstore_idempotency", "append-only"),
        ("DELETE FROM eventstore_partition", "append-only"),
        ("TRUNCATE eventstore_partition", "append-only"),
        (
            "UPDATE eventstore_partition SET club_id = gen_random_uuid()",
            f"append-only|{CITUS_REFUSES_A_NEW_CLUB}",
        ),
    ],
)
def test_the_owner_cannot_change_the_partitions_or_the_idempotency_keys(
    owner_dsn, keyed, club, statement, message
):
    partitions = _partitions(owner_dsn)
    assert (str(club),) in partitions
    keys = _keys(owner_dsn, keyed.stream)
    assert keys == [(f"key-{keyed.stream}", keyed.stream)]
    with psycopg.connect(owner_dsn) as conn, pytest.raises(psycopg.Error, match=message):
        conn.execute(statement, [keyed.stream] if "%s" in statement else None)
    assert _partitions(owner_dsn) == partitions
    assert _keys(owner_dsn, keyed.stream) == keys


@pytest.mark.django_db  # rolled back: the unlisted club never outlives the test
def test_a_club_loaded_around_the_append_is_reported_not_hidden(stream_id):
    """Events of a club with no row in eventstore_partition (a partial restore, a bulk copy)
    would be invisible to every follower: the whole-log check and the audit name the club."""
    from django.db import connection

    from audits.services import audit_run
    from eventlog import NOT_LISTED, unlisted_clubs

    hidden = "00000000-0000-0000-0000-00000000dead"
    assert hidden not in unlisted_clubs()
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO eventstore_event VALUES (%s, 1, %s, 1, 'CardPlayed', 1, '{}', '{}', "
            "now(), %s, %s)",
            [hidden, stream_id, "0" * 64, "0" * 64],
        )
    assert unlisted_clubs() == [hidden]
    report = verify_chain()
    assert (report.ok, report.club, report.first_broken, report.reason) == (
        False,
        hidden,
        1,
        NOT_LISTED,
    )
    run = audit_run()
    assert run.chain_ok is False
    assert run.broken_reason == f"club {hidden}: {NOT_LISTED}"
