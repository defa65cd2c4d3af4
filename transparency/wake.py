"""Waking the tree's follower after a commit (the background waker's hook, as the
projectors'): at most one catch-up task pending across every process, started at most once
per checkpoint interval (the tree serves nobody between checkpoints: fewer, larger batches
cost the worker a fraction of the CPU; decision 0201), and at once for a table's close,
whose checkpoint the settle-up's receipt waits for."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings

from eventlog import RecordedEvent
from eventlog.subscriptions import pending_mark

SUBSCRIPTION = "transparency:tree"


def transparency_wake(events: Sequence[RecordedEvent] = (), *, countdown: float = 0) -> bool:
    from transparency.follower import closes_a_table
    from transparency.tasks import tree_catch_up_task

    if any(closes_a_table(event) for event in events):
        tree_catch_up_task.apply_async()  # a second task beside a pending one is harmless
        return True
    wait = pending_mark(SUBSCRIPTION, interval=settings.TRANSPARENCY_CHECKPOINT_INTERVAL)
    if wait is None:
        return False
    tree_catch_up_task.apply_async(countdown=max(wait, countdown) or None)
    return True
