"""Waking the projectors after a commit: an inline hook asks for their catch-up tasks.

`games` runs inline projectors inside the append's transaction; this one only asks the
shared background waker (`followers.wakeup`) for a catch-up once the
transaction commits: at most once per transaction, never for a rolled-back append,
without the request waiting on the broker, and at most one pending task per projector
across every process (`pending_mark`; the task clears it as it starts).
"""

from __future__ import annotations

from collections.abc import Sequence

from followers.subscriptions import pending_mark, wake_after_commit
from games.eventstore import RecordedEvent

WAKE_KIND = "projectors-catch-up"


def subscription(name: str) -> str:
    return f"projector:{name}"


def projector_wake(name: str, *, retried: bool = False, countdown: float | None = None) -> bool:
    """Send one catch-up task for projector `name` unless one is already pending."""
    from projectors.tasks import projector_catch_up

    wait = pending_mark(subscription(name))
    if wait is None:
        return False
    projector_catch_up.apply_async((name, retried), countdown=max(wait, countdown or 0) or None)
    return True


def _enqueue_catch_up() -> None:
    from projectors.framework import projectors_all

    for name in sorted(projectors_all()):
        projector_wake(name)


def projectors_wake(events: Sequence[RecordedEvent]) -> None:
    wake_after_commit(WAKE_KIND, _enqueue_catch_up)
