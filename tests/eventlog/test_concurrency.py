"""Real concurrent writers, each thread on its own connection, committing for real.

Committed events stay in the test database (the log cannot be truncated), so every test uses
fresh stream ids and reasons about positions it observed itself.
"""

import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections, transaction

from eventlog import (
    NewEvent,
    VersionConflict,
    append,
    last_position,
    read_all,
    read_stream,
    verify_chain,
)

pytestmark = pytest.mark.django_db


def run_threads(count: int, target: Callable[[int], Any]) -> list[Any]:
    results: list[Any] = [None] * count
    errors: list[BaseException] = []

    def body(index: int) -> None:
        try:
            results[index] = target(index)
        except BaseException as error:  # reported to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    return results


def test_many_writers_on_one_stream_exactly_one_wins_each_version(stream_id, club):
    writers, rounds = 8, 5
    barrier = threading.Barrier(writers)

    def attempt_every_version(seat: int) -> list[str]:
        outcomes = []
        for version in range(rounds):
            barrier.wait()
            try:
                append(
                    club=club,
                    stream=stream_id,
                    expected_version=version,
                    events=[NewEvent(type="BidMade", data={"seat": seat, "round": version})],
                )
                outcomes.append("won")
            except VersionConflict as conflict:
                outcomes.append("lost" if conflict.current == version + 1 else "wrong current")
            barrier.wait()
        return outcomes

    outcomes = run_threads(writers, attempt_every_version)
    for version in range(rounds):
        column = [o[version] for o in outcomes]
        # One winner; every loser was told the version the winner made.
        assert column.count("won") == 1
        assert column.count("lost") == writers - 1, column
    events = read_stream(stream=stream_id)
    assert [e.version for e in events] == list(range(1, rounds + 1))
    assert [e.data["round"] for e in events] == list(range(rounds))


def test_writers_on_different_streams_all_succeed_with_contiguous_positions(stream_id, club):
    writers, appends = 8, 15

    def write_own_stream(index: int) -> list[int]:
        positions = []
        for n in range(appends):
            result = append(
                club=club,
                stream=f"{stream_id}-{index}",
                expected_version=n,
                events=[NewEvent(type="CardPlayed", data={"n": n})],
            )
            positions.append(result.first_position)
        return positions

    start = last_position(club=club)
    positions = sorted(p for ps in run_threads(writers, write_own_stream) for p in ps)
    assert positions == list(range(start + 1, start + 1 + writers * appends))
    assert verify_chain(club=club, from_position=start + 1).ok


def test_a_tailing_reader_sees_every_committed_event_once_in_order_without_gaps(stream_id, club):
    writers, appends = 4, 25
    start = last_position(club=club)
    committed: list[int] = []
    committed_lock = threading.Lock()
    done = threading.Event()
    seen: list[int] = []

    def write_and_sometimes_roll_back(index: int) -> None:
        rng = random.Random(index)
        version = 0
        for n in range(appends):
            try:
                with transaction.atomic():
                    result = append(
                        club=club,
                        stream=f"{stream_id}-{index}",
                        expected_version=version,
                        events=[NewEvent(type="CardPlayed", data={"n": n})] * rng.randint(1, 3),
                    )
                    time.sleep(rng.random() / 500)  # hold the log head a moment
                    if rng.random() < 0.3:
                        raise RuntimeError("roll back")
            except RuntimeError:
                continue
            version = result.last_version
            with committed_lock:
                committed.extend(e.position for e in result.events)

    def tail(_: int) -> None:
        after = start
        while True:
            finished = done.is_set()
            page = read_all(club=club, after=after, limit=7)
            for event in page:
                assert event.position == after + 1, "the reader skipped a position"
                seen.append(event.position)
                after = event.position
            if finished and not page:
                return

    reader_errors: list[BaseException] = []

    def read_until_done() -> None:
        try:
            run_threads(1, tail)
        except BaseException as error:  # a failed check in the reader fails the test
            reader_errors.append(error)

    reader = threading.Thread(target=read_until_done)
    reader.start()
    run_threads(writers, write_and_sometimes_roll_back)
    done.set()
    reader.join(timeout=120)
    assert not reader.is_alive()
    assert not reader_errors, reader_errors
    assert seen == sorted(committed)
    assert len(seen) == len(set(seen))
    assert verify_chain(club=club, from_position=start + 1).ok
