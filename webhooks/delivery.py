"""Delivering one endpoint's events, in log order: each endpoint is an asynchronous
subscription of the one checkpointed framework (`followers.framework`).

**One subscription per endpoint** (named ``webhook:<endpoint id>``, following only its
club's partition), rather than one "webhooks" subscription fanning out to every endpoint:
the delivery policy is per endpoint (a dead delivery blocks that endpoint's later events
and no other's, a backoff delays one endpoint, a slow receiver holds one checkpoint's lock
through its request and no one else's, a new endpoint starts at its club's head). A
fan-out would need a position per endpoint beside the shared checkpoint: a second
checkpoint model in disguise, which is what this replaced. Endpoints are rows, not code,
so they are not in the registry of followers one by one: the registry lists `webhooks`
once (``webhooks/apps.py``), and its lag sums the endpoints' checkpoints.

Each batch is one transaction that holds the endpoint's checkpoint locked (``FOR UPDATE
SKIP LOCKED``); the handler (`EndpointDelivery`) takes the events the endpoint does not
want and makes **at most one HTTP attempt**, then stops the batch: on a 2xx after that
event (``more``: the next batch goes on), on a failure before it, with the retry's time as
the checkpoint's ``not_before``, or, dead, before it until an admin unblocks it. The
attempt's record, the delivery's state and the checkpoint commit together. A worker killed
anywhere rolls back its batch, so the event is attempted again and nothing is lost; a
second worker finds the row locked and leaves the endpoint alone.

Policy: in order and blocking. A failed event is retried with exponential backoff and the
events after it wait; after ``WEBHOOKS_MAX_ATTEMPTS`` consecutive failures it is dead and
the endpoint stays blocked until an admin retries or skips it (``webhook_endpoint_unblock``).
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from eventlog import RecordedEvent, club_key
from followers import framework
from followers.framework import Stop, checkpoint_delete, subscription_run
from followers.models import SubscriptionCheckpoint
from table_stream import TABLE_CREATED
from webhooks import conf
from webhooks.kinds import webhook_kind
from webhooks.models import (
    DeliveryStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
    delivery_id,
)
from webhooks.signing import body_bytes, headers, payload
from webhooks.table_clubs import remember, table_club
from webhooks.transport import http_post
from webhooks.wake import endpoint_subscription

PAGE = 500

#: How a delivery run ended.
CAUGHT_UP = "caught_up"  # nothing left to deliver
BUSY = "busy"  # another worker holds the endpoint
RETRY = "retry"  # this run's attempt failed: try again at ``retry_at``
WAITING = "waiting"  # a retry is already scheduled for later
BLOCKED = "blocked"  # a dead delivery waits for an admin
INACTIVE = "inactive"  # the endpoint is deactivated (or gone)
MORE = "more"  # out of time budget with work left: run again

_STATES = {
    framework.CAUGHT_UP: CAUGHT_UP,
    framework.WAITING: WAITING,
    framework.DEFERRED: RETRY,
    framework.STOPPED: BLOCKED,
    framework.MORE: MORE,
}


@dataclass(frozen=True, slots=True)
class DeliveryRun:
    state: str
    retry_at: datetime | None = None
    attempts: int = 0
    delivered: int = 0


def retry_delay(*, failures: int) -> float:
    """Seconds before the next attempt after ``failures`` consecutive failures:
    ``base * 2^(failures-1)``, capped, then scaled by a random 0.5-1.0 so endpoints that
    failed together do not all come back together."""
    exponent = min(failures - 1, 40)
    return min(conf.retry_cap(), conf.retry_base() * 2**exponent) * random.uniform(0.5, 1.0)


def endpoint_deliver(*, endpoint_id: uuid.UUID, budget_seconds: float | None = None) -> DeliveryRun:
    """Deliver what is due for one endpoint until caught up, waiting on a retry, blocked,
    or out of the time budget."""
    endpoint = WebhookEndpoint.objects.filter(pk=endpoint_id).first()
    if endpoint is None or not endpoint.active:
        return DeliveryRun(INACTIVE)
    name = endpoint_subscription(str(endpoint_id))
    handler = EndpointDelivery(endpoint_id)
    run = subscription_run(
        handler,
        name=name,
        batch=PAGE,
        budget_seconds=budget_seconds or conf.task_budget(),
        clubs=[club_key(endpoint.club_id)],
        create=False,  # made at registration, at the club's head: never from the start
    )
    if run.state == framework.SKIPPED:
        exists = SubscriptionCheckpoint.objects.filter(name=name).exists()
        state = BUSY if exists else INACTIVE
    elif handler.inactive:
        state = INACTIVE
    else:
        state = _STATES[run.state]
    return DeliveryRun(state, run.not_before, handler.attempts, handler.delivered)


def endpoint_forget(*, endpoint_id: uuid.UUID) -> None:
    """An endpoint deleted (with its club): its checkpoint goes too."""
    checkpoint_delete(name=endpoint_subscription(str(endpoint_id)))


class EndpointDelivery:
    """The endpoint's handler: called in the batch's transaction, its checkpoint locked."""

    def __init__(self, endpoint_id: uuid.UUID) -> None:
        self.endpoint_id = endpoint_id
        self.attempts = self.delivered = 0
        self.inactive = False
        self.retry_at: datetime | None = None

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> Stop | None:
        # Read afresh under the checkpoint's lock (not locked itself: editing an endpoint
        # never waits for a delivery), so an edit or a deactivation counts from the next
        # batch on.
        endpoint = WebhookEndpoint.objects.filter(pk=self.endpoint_id).first()
        if endpoint is None or not endpoint.active:
            self.inactive = True
            return Stop(0)
        unfinished = (
            WebhookDelivery.objects.filter(
                endpoint=endpoint, status__in=[DeliveryStatus.PENDING, DeliveryStatus.DEAD]
            )
            .order_by("position")
            .first()
        )
        if unfinished is not None and unfinished.status == DeliveryStatus.DEAD:
            return Stop(0)
        for index, event in enumerate(events):
            if unfinished is not None and event.position == unfinished.position:
                delivery = unfinished
            else:
                found = _wanted(endpoint, event)
                if found is None:
                    continue  # taken: the checkpoint moves past it
                kind, table_id = found
                # Saved with the attempt's outcome: one INSERT rather than INSERT then UPDATE.
                delivery = WebhookDelivery(
                    endpoint=endpoint, position=event.position, kind=kind, table_id=table_id
                )
            self.retry_at = _attempt(endpoint, delivery, event)
            self.attempts += 1
            if delivery.status == DeliveryStatus.SUCCEEDED:
                self.delivered += 1
                return Stop(index + 1, more=True)  # one attempt per transaction
            if delivery.status == DeliveryStatus.DEAD:
                return Stop(index)
            return Stop(index, not_before=self.retry_at)
        return None


def _wanted(endpoint: WebhookEndpoint, event: RecordedEvent) -> tuple[str, uuid.UUID] | None:
    kind = webhook_kind(event)
    if event.type == TABLE_CREATED and kind is not None:
        remember(event)
    if kind is None or kind not in endpoint.kinds:
        return None
    owner = table_club(event=event)
    if owner is None or owner[1] != endpoint.club_id:
        return None
    return kind, owner[0]


def _attempt(
    endpoint: WebhookEndpoint, delivery: WebhookDelivery, event: RecordedEvent
) -> datetime | None:
    """One POST and its record (they commit with the batch, and the checkpoint); when to
    try again after a failure that is not the last."""
    ident = delivery_id(endpoint.id, event.position)
    body = body_bytes(payload(delivery_id=ident, kind=delivery.kind, event=event))
    timestamp = str(int(time.time()))
    started_at = timezone.now()
    result = http_post(
        url=endpoint.url,
        body=body,
        headers=headers(secret=endpoint.secret, delivery_id=ident, timestamp=timestamp, body=body),
        timeout=conf.timeout(),
    )
    finished_at = timezone.now()
    delivery.attempts += 1
    next_retry_at = None
    if result.ok:
        delivery.status = DeliveryStatus.SUCCEEDED
        delivery.finished_at = finished_at
    else:
        delivery.failures += 1
        if delivery.failures >= conf.max_attempts():
            delivery.status = DeliveryStatus.DEAD
            delivery.finished_at = finished_at
        else:
            next_retry_at = finished_at + timedelta(seconds=retry_delay(failures=delivery.failures))
    delivery.save()
    WebhookAttempt.objects.create(
        delivery=delivery,
        number=delivery.attempts,
        started_at=started_at,
        finished_at=finished_at,
        duration_ms=result.duration_ms,
        status_code=result.status_code,
        error=result.error,
        succeeded=result.ok,
        next_retry_at=next_retry_at,
    )
    return next_retry_at
