"""The framework's guarantees: read model and checkpoint commit together, one worker at a
time per projector, and a wake-up after commit (at most one per transaction)."""

from __future__ import annotations

import random
import threading
import time

import pytest
from django.db import connections, transaction

from eventlog import last_position, registry
from followers import framework
from followers.framework import club_positions
from followers.models import SubscriptionCheckpoint
from games.engine.simulate import random_sitting
from projectors.framework import projector_batch, projector_run
from projectors.models import PlayerStats, StatsTable
from projectors.player_stats import NAME
from projectors.wake import _enqueue_catch_up
from tests.projectors.conftest import from_scratch, live, snapshot
from tests.projectors.helpers import table_from_transcript


def _tables(club_id: str, count: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        table_from_transcript(club_id, random_sitting(rng, "louisiana", 4, deals=3).transcript)


@pytest.mark.django_db
def test_a_batch_that_fails_before_commit_leaves_no_trace(
    club_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _tables(club_id, 1)
    # A real worker left running by an earlier test of this process may hold the
    # checkpoint (catching up on other tests' committed events): then the run is skipped
    # and the worker's commit would move `before`. Once this transaction has the row, it
    # keeps it to the test's end, and nothing else moves it.
    deadline = time.monotonic() + 30
    while projector_run(name=NAME).skipped:
        assert time.monotonic() < deadline, "the checkpoint stayed held by another worker"
        time.sleep(0.05)
    before = (live().position, snapshot(live().generation))
    _tables(club_id, 1, seed=2)

    def crash(seconds: float) -> None:
        raise RuntimeError("worker died after projecting, before committing")

    # The test-only pause sits between projecting the batch and committing it.
    monkeypatch.setenv(framework.BATCH_DELAY_ENV, "1")
    monkeypatch.setattr(framework.time, "sleep", crash)
    with pytest.raises(RuntimeError):
        projector_batch(name=NAME)
    assert (live().position, snapshot(live().generation)) == before
    monkeypatch.delenv(framework.BATCH_DELAY_ENV)
    projector_run(name=NAME)
    assert live().position == last_position()
    # This test's club: the append-only log outlives other tests' flushed rows, and an
    # import an earlier test abandoned is passed over only while its table row says so.
    assert snapshot(live().generation, {club_id}) == from_scratch(club_positions(live()), {club_id})


@pytest.mark.django_db(transaction=True)
def test_a_held_projector_is_skipped_not_waited_for(club_id: str) -> None:
    _tables(club_id, 1)
    framework.checkpoint_ensure(name=NAME)
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with transaction.atomic():
            SubscriptionCheckpoint.objects.select_for_update().get(name=NAME, active=True)
            held.set()
            release.wait(10)
        connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        held.wait(10)
        result = projector_run(name=NAME)
    finally:
        release.set()
        holder.join()
    assert result.skipped
    assert result.processed == 0


@pytest.mark.django_db(transaction=True)
def test_concurrent_runs_never_count_an_event_twice(club_id: str) -> None:
    projector_run(name=NAME)
    start = live().position
    _tables(club_id, 6)
    head = last_position()
    processed: list[int] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            while True:
                result = projector_run(name=NAME, batch=7)
                processed.append(result.processed)
                if live().position >= head:
                    break
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors
    # Each event was projected once (the session worker may have taken some of them).
    assert sum(processed) <= head - start
    projector_run(name=NAME)
    # This test's club: the append-only log outlives other tests' flushed rows, and an
    # import an earlier test abandoned is passed over only while its table row says so.
    assert snapshot(live().generation, {club_id}) == from_scratch(club_positions(live()), {club_id})
    assert PlayerStats.objects.filter(club_id=club_id).count() == 4
    assert StatsTable.objects.filter(club_id=club_id).count() == 6


def test_the_wake_hook_is_registered_with_games() -> None:
    assert "projectors-wake" in registry._wakes
    assert registry.subscriptions()[NAME].lifecycle == registry.ASYNC


@pytest.mark.django_db
def test_one_wake_per_transaction(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        for _ in range(3):
            registry.project_inline([])
    assert len(callbacks) == 1


@pytest.mark.django_db
def test_a_rolled_back_transaction_wakes_nobody(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks() as callbacks:
        try:
            with transaction.atomic():
                registry.project_inline([])
                raise RuntimeError("the append failed")
        except RuntimeError:
            pass
        with transaction.atomic():
            registry.project_inline([])
    assert len(callbacks) == 1


def test_the_wake_sends_a_catch_up_task(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from eventlog.wakeup import pending_clear
    from projectors import tasks
    from projectors.wake import subscription

    sent: list[str] = []
    monkeypatch.setattr(
        tasks.projector_catch_up, "apply_async", lambda args, **kw: sent.append(args[0])
    )
    for name in tasks.projectors_all():
        pending_clear(subscription(name))
    _enqueue_catch_up()
    _enqueue_catch_up()  # still pending: coalesced
    assert sent == sorted(tasks.projectors_all())
    for name in tasks.projectors_all():
        pending_clear(subscription(name))
