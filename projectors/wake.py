"""Waking the projectors after a commit: a wake hook asks for their catch-up tasks.

The hook runs in the shared background waker (`eventlog.wakeup`) after an append
commits (the registry of followers asks for it once per transaction, never for a
rolled-back append), so the request never waits on the broker; at most one task per
projector is pending across every process (`pending_mark`; the task clears it as it
starts).
"""

from __future__ import annotations

from collections.abc import Sequence

from eventlog import RecordedEvent
from eventlog.subscriptions import pending_mark


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
    """The wake hook: every committed event may count for a projector."""
    _enqueue_catch_up()
