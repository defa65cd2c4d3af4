"""Real Celery workers: woken after commit, and killed with SIGKILL in the middle of a
batch then restarted, after which the read model equals one built from scratch."""

from __future__ import annotations

import random
import signal
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection, connections, transaction

from eventlog import last_position, read_stream
from eventlog.subscriptions import pending_mark, wake_followers
from followers.framework import club_positions
from followers.models import SubscriptionCheckpoint
from games.engine.simulate import random_sitting
from projectors.framework import projector_run
from projectors.player_stats import NAME
from projectors.tasks import projector_catch_up
from projectors.wake import subscription
from tests.projectors.conftest import from_scratch, live, snapshot, wait_for
from tests.projectors.helpers import table_from_transcript

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_a_committed_append_wakes_a_worker(celery_worker_process: object, club_id: str) -> None:
    sim = random_sitting(random.Random(11), "louisiana", 4, deals=2)
    with transaction.atomic():
        table = table_from_transcript(club_id, sim.transcript)
        # What the registry's `project_inline` asks for after each append: the wake-up.
        wake_followers(read_stream(stream=table.stream))
    target = table.positions[-1]

    def projected() -> bool:
        # Positions are the club's: wait for the club's checkpoint, not the total count.
        row = SubscriptionCheckpoint.objects.filter(name=NAME, active=True).first()
        return row is not None and club_positions(row).get(club_id, 0) >= target

    wait_for(projected, timeout=60)
    stats = snapshot(live().generation, {club_id})
    assert {p: s["net_chips"] for (_, p), s in stats.items()} == table.balances


@contextmanager
def _holding_the_checkpoint() -> Iterator[None]:
    """Lock the live checkpoint row from another connection while the block runs (a
    projector run that finds it locked skips, as it does behind another worker)."""
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                rows = SubscriptionCheckpoint.objects.select_for_update().filter(
                    name=NAME, active=True
                )
                list(rows)
                held.set()
                release.wait(180)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(60), "could not lock the checkpoint"
        yield
    finally:
        release.set()
        holder.join(60)


def _checkpoint_locked_elsewhere() -> bool:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM followers_subscriptioncheckpoint WHERE name = %s AND active "
            "FOR UPDATE SKIP LOCKED",
            [NAME],
        )
        return cursor.fetchone() is None


def test_a_worker_killed_mid_batch_loses_and_doubles_nothing(
    start_worker: object, club_id: str
) -> None:
    rng = random.Random(5)
    # Catch up in-process first (no per-batch delay), so the slow worker's backlog is only
    # what this test appends, however long the shared log has grown.
    projector_run(name=NAME, wait=True)
    # Hold the projector's wake mark while the backlog is written: its commits then wake
    # nobody, so the session's own worker cannot drain the backlog before the slow one
    # (the slow worker's task clears the mark as it starts, as any catch-up does). A mark
    # already set is an earlier test's wake whose task has not started: that task would
    # drain the backlog at full speed (seen once in make test), so wait until the mark set
    # is this test's own.
    wait_for(lambda: pending_mark(subscription(NAME)) is not None, timeout=60, every=0.05)
    # A backlog of several 500-event batches, each held open 0.4s before it commits. The
    # checkpoint is held meanwhile too: a catch-up the session's worker began before the
    # mark (an earlier test's wake) would otherwise drain the backlog at full speed.
    with _holding_the_checkpoint():
        first = last_position() + 1  # counted over every club, as the checkpoint counts
        while last_position() - first < 2600:
            table_from_transcript(club_id, random_sitting(rng, "louisiana", 5, deals=6).transcript)
        head = last_position()
    queue = f"projectors-kill-{uuid.uuid4().hex[:8]}"
    slow, _ = start_worker(queue, delay=0.4)  # type: ignore[operator]
    projector_catch_up.apply_async((NAME,), queue=queue)

    def mid_batch() -> bool:
        row = SubscriptionCheckpoint.objects.filter(name=NAME, active=True).first()
        return (
            row is not None
            and first <= row.position < head - 500
            and _checkpoint_locked_elsewhere()
        )

    wait_for(mid_batch, timeout=60, every=0.02)
    slow.send_signal(signal.SIGKILL)
    slow.wait(10)
    killed_at = live().position
    assert killed_at < head

    # The killed batch's writes were rolled back with its checkpoint; a new worker resumes.
    start_worker(queue)  # type: ignore[operator]
    projector_catch_up.apply_async((NAME,), queue=queue)
    wait_for(lambda: live().position >= head, timeout=120)
    # This test's club: the append-only log outlives other tests' flushed rows, and an
    # import an earlier test abandoned is passed over only while its table row says so.
    assert snapshot(live().generation, {club_id}) == from_scratch(club_positions(live()), {club_id})
