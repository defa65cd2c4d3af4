"""Waking the tree's follower after a commit (the background waker's hook, as the
projectors'): at most one catch-up task pending across every process."""

from __future__ import annotations

from collections.abc import Sequence

from eventlog import RecordedEvent
from eventlog.subscriptions import pending_mark

SUBSCRIPTION = "transparency:tree"


def transparency_wake(events: Sequence[RecordedEvent] = (), *, countdown: float = 0) -> bool:
    from transparency.tasks import tree_catch_up_task

    wait = pending_mark(SUBSCRIPTION)
    if wait is None:
        return False
    tree_catch_up_task.apply_async(countdown=max(wait, countdown) or None)
    return True
