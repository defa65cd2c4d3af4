"""The wake hook: after a transaction that appended deliverable events commits, wake the
sweep, unless the last sweep found no active endpoint (the idle mark, cleared when one is
registered or reactivated). The beat sweep runs anyway, so a lost wake only delays
delivery."""

from __future__ import annotations

from collections.abc import Sequence

from eventlog import RecordedEvent
from eventlog.subscriptions import is_idle, pending_mark
from webhooks.kinds import webhook_kind

NAME = "webhooks"  # the subscription, in the registry of followers
SWEEP = "webhooks:sweep"  # the sweep's pending mark: one sweep waits at most


ENDPOINT_PREFIX = "webhook:"


def endpoint_subscription(endpoint_id: str) -> str:
    """An endpoint's subscription: its checkpoint's name (`followers`) and its wake mark."""
    return f"{ENDPOINT_PREFIX}{endpoint_id}"


def _enqueue_sweep() -> None:
    from webhooks.tasks import sweep_enqueue

    if is_idle(SWEEP):  # no active endpoint (the last sweep found none): nobody to wake
        return
    wait = pending_mark(SWEEP)
    if wait is not None:
        sweep_enqueue(countdown=wait)


def webhooks_wake(events: Sequence[RecordedEvent]) -> None:
    """Run by the shared background waker after commit (never for a rolled-back append),
    so the request does not wait for the broker: one sweep for the committed events, none
    while a sweep is already pending in any process."""
    if any(webhook_kind(event) for event in events):
        _enqueue_sweep()
