"""The log partitioned by club: clubs never wait on each other; each club's positions are
gap-free and commit-ordered and its chain its own; followers checkpoint per club."""

import random
import threading
import time
import uuid

import psycopg
import pytest
from django.db import connections, transaction

from eventlog import (
    GENESIS_HASH,
    NewEvent,
    append,
    last_position,
    partition_heads,
    partitions_behind,
    read_all,
    read_stream,
    verify_chain,
)
from tests.eventlog.test_concurrency import run_threads

pytestmark = pytest.mark.django_db(transaction=True)


def played(n: int) -> NewEvent:
    return NewEvent(type="CardPlayed", data={"n": n})


def test_each_club_numbers_its_own_positions_and_chains_from_genesis(stream_id):
    clubs = [str(uuid.uuid4()) for _ in range(3)]
    for round_ in range(3):
        for index, club in enumerate(clubs):
            append(
                club=club,
                stream=f"{stream_id}-{index}",
                expected_version=round_,
                events=[played(round_)],
            )
    for index, club in enumerate(clubs):
        events = read_all(club=club)
        assert [e.position for e in events] == [1, 2, 3]
        assert {e.club for e in events} == {club}
        assert events[0].prev_hash == GENESIS_HASH
        assert read_stream(stream=f"{stream_id}-{index}", club=club) == events
        assert verify_chain(club=club).ok
        assert last_position(club=club) == 3
        assert partition_heads()[club] == 3


def test_an_append_holding_its_club_does_not_hold_another_club(stream_id, app_dsn):
    busy, free = str(uuid.uuid4()), str(uuid.uuid4())
    append(club=busy, stream=f"{stream_id}-a", expected_version=0, events=[played(0)])
    append(club=free, stream=f"{stream_id}-b", expected_version=0, events=[played(0)])
    append_sql = (
        "SELECT * FROM eventstore_append(%s::uuid, %s, NULL, ARRAY['CardPlayed'], ARRAY[1], "
        "ARRAY['{}'], '{}', %s, ARRAY['\"CardPlayed\"'], NULL, NULL)"
    )
    with psycopg.connect(app_dsn) as holder:
        # An uncommitted append: the busy club's lock stays held until this commits.
        holder.execute(append_sql, [busy, f"{stream_id}-a", f'"{stream_id}-a"'])
        with psycopg.connect(app_dsn) as other:
            # On Citus the append waits on the club's worker, where only a SET LOCAL sent
            # along with the transaction applies (without Citus the first is a placeholder).
            other.execute("SET citus.propagate_set_commands = 'local'")
            other.execute("SET LOCAL lock_timeout = '2s'")
            other.execute(append_sql, [free, f"{stream_id}-b", f'"{stream_id}-b"'])
            other.commit()
            other.execute("SET LOCAL lock_timeout = '200ms'")
            with pytest.raises(psycopg.errors.LockNotAvailable):
                other.execute(append_sql, [busy, f"{stream_id}-c", f'"{stream_id}-c"'])
        holder.commit()
    assert last_position(club=free) == 2
    assert last_position(club=busy) == 2
    assert verify_chain(club=busy).ok
    assert verify_chain(club=free).ok


def test_tailing_readers_per_club_and_across_clubs_see_every_event_once_without_gaps(stream_id):
    clubs = [str(uuid.uuid4()) for _ in range(3)]
    writers, appends = 6, 20
    committed: dict[str, list[int]] = {club: [] for club in clubs}
    lock = threading.Lock()
    done = threading.Event()
    per_club_seen: list[int] = []
    across_seen: dict[str, list[int]] = {club: [] for club in clubs}

    def write(index: int) -> None:
        rng = random.Random(index)
        club = clubs[index % len(clubs)]
        version = 0
        for n in range(appends):
            try:
                with transaction.atomic():
                    result = append(
                        club=club,
                        stream=f"{stream_id}-{index}",
                        expected_version=version,
                        events=[played(n)] * rng.randint(1, 3),
                    )
                    time.sleep(rng.random() / 500)  # hold the club's lock a moment
                    if rng.random() < 0.3:
                        raise RuntimeError("roll back")
            except RuntimeError:
                continue
            version = result.last_version
            with lock:
                committed[club].extend(e.position for e in result.events)

    def tail_one_club(_: int) -> None:
        after = 0
        while True:
            finished = done.is_set()
            page = read_all(club=clubs[0], after=after, limit=7)
            for event in page:
                assert event.position == after + 1, "the reader skipped a position"
                per_club_seen.append(event.position)
                after = event.position
            if finished and not page:
                return

    def tail_every_club(_: int) -> None:
        checkpoints: dict[str, int] = {}
        while True:
            finished = done.is_set()
            behind = {c: v for c, v in partitions_behind(checkpoints).items() if c in clubs}
            for club, (after, _head) in behind.items():
                for event in read_all(club=club, after=after, limit=5):
                    assert event.position == checkpoints.get(club, 0) + 1, "skipped a position"
                    across_seen[club].append(event.position)
                    checkpoints[club] = event.position
            if finished and not behind:
                return

    readers = [
        threading.Thread(target=lambda: run_threads(1, tail_one_club)),
        threading.Thread(target=lambda: run_threads(1, tail_every_club)),
    ]
    for reader in readers:
        reader.start()
    run_threads(writers, write)
    done.set()
    for reader in readers:
        reader.join(timeout=120)
        assert not reader.is_alive()
    assert per_club_seen == sorted(committed[clubs[0]])
    for club in clubs:
        assert (
            across_seen[club] == sorted(committed[club]) == list(range(1, len(committed[club]) + 1))
        )
        assert verify_chain(club=club).ok
    connections.close_all()


def test_verify_chain_without_a_club_checks_every_club_and_names_the_broken_one(
    stream_id, superuser_dsn
):
    clubs = [str(uuid.uuid4()) for _ in range(2)]
    for index, club in enumerate(clubs):
        append(
            club=club,
            stream=f"{stream_id}-{index}",
            expected_version=0,
            events=[played(1), played(2)],
        )
    assert verify_chain().ok
    guard = "eventstore_event_no_update_delete"
    with psycopg.connect(superuser_dsn, autocommit=True) as conn:
        # Citus asks for it to touch a distributed table's triggers (a placeholder without).
        conn.execute("SET citus.enable_unsafe_triggers = on")
        conn.execute(f"ALTER TABLE eventstore_event DISABLE TRIGGER {guard}")
        try:
            conn.execute(
                "UPDATE eventstore_event SET data = '{\"n\": 9}' "
                "WHERE club_id = %s AND position = 2",
                [clubs[1]],
            )
            report = verify_chain()
            assert (report.ok, report.club, report.first_broken) == (False, clubs[1], 2)
            assert verify_chain(club=clubs[0]).ok
        finally:
            conn.execute(
                "UPDATE eventstore_event SET data = '{\"n\": 2}' "
                "WHERE club_id = %s AND position = 2",
                [clubs[1]],
            )
            conn.execute(f"ALTER TABLE eventstore_event ENABLE TRIGGER {guard}")
    assert verify_chain().ok
