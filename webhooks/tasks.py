"""Celery tasks: they take ids and call the delivery service."""

from __future__ import annotations

import uuid
from datetime import datetime

from celery import shared_task
from django.utils import timezone

from eventlog.subscriptions import idle_set, pending_clear, pending_mark
from webhooks import conf
from webhooks.delivery import BUSY, MORE, RETRY, endpoint_deliver
from webhooks.selectors import webhook_endpoints_active, webhook_endpoints_due
from webhooks.wake import SWEEP, endpoint_subscription


@shared_task(name="webhooks.sweep", ignore_result=True)
def webhooks_sweep() -> int:
    """Enqueue a delivery for every endpoint with something due (woken after appends, and
    run by beat: it also picks up retries whose scheduled task was lost with a worker)."""
    pending_clear(SWEEP)  # before reading: a commit from now on wakes another sweep
    # Nobody to serve: appends stop waking sweeps until an endpoint is (re)activated, whose
    # commit clears the mark. Looked at again after the mark is set: one activated while
    # this sweep looked has cleared it already, or is seen now.
    idle = not webhook_endpoints_active()
    idle_set(SWEEP, idle)
    if idle and webhook_endpoints_active():
        idle_set(SWEEP, False)
    due = webhook_endpoints_due(now=timezone.now())
    for endpoint_id in due:
        deliver_enqueue(endpoint_id=str(endpoint_id))
    return len(due)


@shared_task(name="webhooks.deliver", ignore_result=True, acks_late=True)
def webhook_deliver(endpoint_id: str, retried: bool = False) -> str:
    pending_clear(endpoint_subscription(endpoint_id))
    run = endpoint_deliver(endpoint_id=uuid.UUID(endpoint_id))
    if run.state == BUSY and not retried:
        # Another worker holds the endpoint; it may have taken its last look at the log
        # before the event that woke us committed, so look once more shortly (the beat
        # sweep is the net).
        webhook_deliver.apply_async((endpoint_id, True), countdown=1, queue=conf.queue())
    elif run.state == RETRY and run.retry_at is not None:
        # Only the run whose attempt failed schedules the retry, so retries never multiply.
        deliver_enqueue(endpoint_id=endpoint_id, eta=run.retry_at)
    elif run.state == MORE:
        deliver_enqueue(endpoint_id=endpoint_id)
    return run.state


def deliver_enqueue(*, endpoint_id: str, eta: datetime | None = None) -> None:
    """A delivery task for the endpoint, unless one is pending already (a scheduled retry,
    `eta`, is sent in any case: only the failed run schedules it, so they never multiply)."""
    countdown = None
    if eta is None:
        wait = pending_mark(endpoint_subscription(endpoint_id))
        if wait is None:
            return
        countdown = wait or None
    webhook_deliver.apply_async((endpoint_id,), eta=eta, countdown=countdown, queue=conf.queue())


def sweep_enqueue(countdown: float | None = None) -> None:
    # retry=False: an unreachable broker must not hold up the request that appended.
    webhooks_sweep.apply_async(queue=conf.queue(), retry=False, countdown=countdown or None)
