"""The plain append's one-statement way (``schema.ONE_EVENT_INSERT``): one event, no key, in
a transaction of its own, without the function. It must record exactly what the function
records, and give way to the function whenever it cannot be sure: the club's first event,
another stream last, a conflict, the club's lock held, a stale snapshot.

Each test's appends commit for real (they run outside a transaction, as the table apps'
plain appends do), so every test uses a club of its own."""

import threading
import time
import uuid

import psycopg
import pytest
from django.conf import settings
from django.db import connections, transaction

from eventlog import (
    IdempotencyConflict,
    NewEvent,
    VersionConflict,
    append,
    read_stream,
    verify_chain,
    writer,
)
from eventlog.schema import ONE_EVENT_INSERT
from tests.eventlog.test_concurrency import run_threads
from tests.eventlog.test_prepared_append import played

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def ways(monkeypatch):
    """Which way each append took: "one" (the statement) or "function"; the club never shut,
    so every append tries the statement first."""
    taken: list[str] = []
    one_event = writer._one_event

    def noted(*args, **kwargs):
        result = one_event(*args, **kwargs)
        taken.append("function" if result is None else "one")
        return result

    monkeypatch.setattr(writer, "_one_event", noted)
    monkeypatch.setattr(writer, "SHUT_FOR_S", 0.0)
    return taken


def test_a_lone_event_after_its_streams_last_is_one_statement(club, stream_id, ways):
    first = append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    second = append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
    third = append(
        club=club, stream=stream_id, expected_version=None, events=[played("Q♠")],
        metadata={"actor": "scorekeeper é"},
    )  # fmt: skip
    assert ways == ["function", "one", "one"]  # the club's first event lists the club
    # What it answers is what the log holds, and the database's hashes are the canonical
    # ones (verify_chain computes each again in Python).
    assert read_stream(stream=stream_id, club=club) == [
        *first.events, *second.events, *third.events
    ]  # fmt: skip
    assert [e.position for e in third.events] == [3]
    assert third.first_version == 3
    assert third.events[0].prev_hash == second.events[0].hash
    assert third.events[0].metadata == {"actor": "scorekeeper é"}
    assert verify_chain(club=club).ok


def test_another_stream_last_a_conflict_and_a_key_go_to_the_function(club, stream_id, ways):
    other = f"{stream_id}-other"
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    append(club=club, stream=other, expected_version=0, events=[played("K♠")])
    back = append(club=club, stream=stream_id, expected_version=1, events=[played("Q♠")])
    assert back.first_version == 2
    assert back.first_position == 3
    with pytest.raises(VersionConflict) as conflict:
        append(club=club, stream=stream_id, expected_version=1, events=[played("J♠")])
    assert conflict.value.current == 2
    keyed = append(
        club=club, stream=stream_id, expected_version=2, events=[played("T♠")],
        idempotency_key="deal-1",
    )  # fmt: skip
    again = append(
        club=club, stream=stream_id, expected_version=2, events=[played("T♠")],
        idempotency_key="deal-1",
    )  # fmt: skip
    assert again.replayed
    assert again.events == keyed.events
    with pytest.raises(IdempotencyConflict):
        append(
            club=club, stream=stream_id, expected_version=3, events=[played("9♠")],
            idempotency_key="deal-1",
        )  # fmt: skip
    # Tried (and missed) on another stream's last event and the conflict; never with a key.
    assert ways == ["function", "function", "function", "function"]
    assert verify_chain(club=club).ok


def test_inside_a_transaction_the_function_appends(club, stream_id, ways):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    with transaction.atomic():
        inside = append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
    assert ways == ["function", "function"]
    assert inside.first_position == 2


def test_a_held_lock_sends_the_append_to_the_function_which_waits(club, stream_id, ways):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    holding = threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
                holding.set()
                time.sleep(0.4)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    started = time.monotonic()
    after = append(club=club, stream=stream_id, expected_version=None, events=[played("Q♠")])
    waited = time.monotonic() - started
    holder.join()
    assert after.first_position == 3
    assert after.first_version == 3
    assert waited > 0.2  # it waited for the holder's commit, in the function
    assert ways[-1] == "function"
    assert verify_chain(club=club).ok


def test_a_stale_snapshot_is_refused_by_the_primary_key(club, stream_id):
    """The statement's reads may predate a commit of the club's (its snapshot is taken
    before its lock): the position it computes is then taken and the row refused, never a
    stale prev_hash let in. A repeatable-read transaction holds such a snapshot on purpose."""
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    app = settings.DATABASES["default"]
    dsn = f"postgresql://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{app['NAME']}"
    with psycopg.connect(dsn) as stale:
        stale.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        stale.execute("SELECT count(*) FROM eventstore_event WHERE club_id = %s", [club])
        append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
        pgconn = stale.pgconn
        pgconn.prepare(b"stale", ONE_EVENT_INSERT.encode())
        args = [
            club,
            stream_id,
            None,
            "CardPlayed",
            "1",
            "{}",
            "{}",
            f'"{stream_id}"',
            '"CardPlayed"',
        ]
        result = pgconn.exec_prepared(b"stale", [a if a is None else a.encode() for a in args])
        assert result.error_field(psycopg.pq.DiagnosticField.SQLSTATE) == b"23505"
        assert b"eventstore_event_pkey" in result.error_message
    assert [e.version for e in read_stream(stream=stream_id, club=club)] == [1, 2]
    assert verify_chain(club=club).ok


def test_a_unique_violation_sends_the_append_to_the_function(club, stream_id, ways, monkeypatch):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    real = writer._exec_prepared

    def beaten(conn, raw, call, encoded):
        if call is writer.ONE_EVENT:
            # Another append of the club commits between the statement's snapshot and its
            # lock: the row is refused, as the stale-snapshot test shows.
            with transaction.atomic():
                append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
            raise psycopg.errors.UniqueViolation("duplicate key value (as it would be)")
        return real(conn, raw, call, encoded)

    monkeypatch.setattr(writer, "_exec_prepared", beaten)
    after = append(club=club, stream=stream_id, expected_version=None, events=[played("Q♠")])
    assert after.first_position == 3
    assert ways[-1] == "function"
    assert [e.version for e in read_stream(stream=stream_id, club=club)] == [1, 2, 3]
    assert verify_chain(club=club).ok


def test_many_clients_of_one_stream_keep_the_log_gap_free_and_chained(club, stream_id, ways):
    """Eight clients append to one stream at once, every one trying the statement first
    (the club never shut): some get through, the rest fall to the function; positions and
    versions stay gap-free, the chain whole."""
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    writers, appends = 8, 30

    def write(index: int) -> list[int]:
        return [
            append(
                club=club, stream=stream_id, expected_version=None,
                events=[NewEvent(type="CardPlayed", data={"w": index, "n": n})],
            ).first_position
            for n in range(appends)
        ]  # fmt: skip

    positions = sorted(p for ps in run_threads(writers, write) for p in ps)
    assert positions == list(range(2, 2 + writers * appends))
    events = read_stream(stream=stream_id, club=club)
    assert [e.version for e in events] == list(range(1, 2 + writers * appends))
    assert "one" in ways
    assert "function" in ways
    assert verify_chain(club=club).ok


def test_a_club_that_misses_twice_running_goes_to_the_function_for_a_while(
    club, stream_id, monkeypatch
):
    monkeypatch.setattr(writer, "_MISSED", set())
    monkeypatch.setattr(writer, "_SHUT", {})
    sent: list[bytes] = []
    real = writer._exec_prepared

    def counted(conn, raw, call, encoded):
        sent.append(call.name)
        return real(conn, raw, call, encoded)

    monkeypatch.setattr(writer, "_exec_prepared", counted)
    other = f"{stream_id}-other"
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])  # miss 1
    append(club=club, stream=other, expected_version=0, events=[played("K♠")])  # miss 2: shut
    append(club=club, stream=stream_id, expected_version=1, events=[played("Q♠")])  # shut
    one, function = writer.ONE_EVENT.name, writer.APPEND.name
    assert sent == [one, function, one, function, function]
    monkeypatch.setattr(writer, "_SHUT", {})  # the while over: tried again, and it passes
    append(club=club, stream=stream_id, expected_version=2, events=[played("J♠")])
    assert sent[-1] == one
    assert club not in writer._MISSED


def test_unknown_clubs_do_not_grow_the_notes_without_end(monkeypatch):
    monkeypatch.setattr(writer, "_MISSED", {str(uuid.uuid4()) for _ in range(4097)})
    monkeypatch.setattr(writer, "_SHUT", {})
    club = str(uuid.uuid4())
    append(club=club, stream="s", expected_version=0, events=[played("A♠")])
    assert {club} == writer._MISSED


def test_the_statement_deallocated_behind_its_back_is_prepared_again(club, stream_id, ways):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    append(club=club, stream=stream_id, expected_version=1, events=[played("K♠")])
    with connections["default"].cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    third = append(club=club, stream=stream_id, expected_version=2, events=[played("Q♠")])
    assert ways == ["function", "one", "one"]
    assert third.first_version == 3
    assert verify_chain(club=club).ok
