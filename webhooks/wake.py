"""The inline hook: after a transaction that appended deliverable events commits, wake the
sweep. The beat sweep runs anyway, so a lost wake only delays delivery."""

from __future__ import annotations

from collections.abc import Sequence

from games.eventstore import RecordedEvent
from games.projections.wakeup import wake_after_commit
from webhooks.kinds import webhook_kind

WAKE_KIND = "webhooks-sweep"


def _enqueue_sweep() -> None:
    from webhooks.tasks import sweep_enqueue

    sweep_enqueue()


def webhooks_wake(events: Sequence[RecordedEvent]) -> None:
    """One sweep per transaction, sent after commit (never for a rolled-back append) by the
    shared background waker, so the request does not wait for the broker."""
    if any(webhook_kind(event) for event in events):
        wake_after_commit(WAKE_KIND, _enqueue_sweep)
