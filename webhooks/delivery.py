"""Delivering one endpoint's events, in log order, from its checkpoint.

An endpoint belongs to a club and follows that club's partition of the log: its checkpoint
is a position in the club's partition (gap-free and commit-ordered, so nothing is skipped).

Each step is one transaction that holds the endpoint's checkpoint row locked
(``SELECT ... FOR UPDATE SKIP LOCKED``): it reads the log after the checkpoint, moves the
checkpoint past events the endpoint does not want, and makes at most one HTTP attempt,
recording the attempt and (on a 2xx) the new checkpoint before it commits. A worker killed
anywhere rolls back its step, so the event is attempted again and nothing is lost; a second
worker finds the row locked and leaves the endpoint alone.

Policy: in order and blocking. A failed event is retried with exponential backoff and the
events after it wait; after ``WEBHOOKS_MAX_ATTEMPTS`` consecutive failures it is dead and
the endpoint stays blocked until an admin retries or skips it (``webhook_endpoint_unblock``).
"""

from __future__ import annotations

import random
import time
import uuid
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.eventstore import RecordedEvent, last_position, read_all
from games.table import TABLE_CREATED
from webhooks import conf
from webhooks.kinds import webhook_kind
from webhooks.models import (
    DeliveryStatus,
    WebhookAttempt,
    WebhookCheckpoint,
    WebhookDelivery,
    WebhookEndpoint,
    delivery_id,
)
from webhooks.signing import body_bytes, headers, payload
from webhooks.table_clubs import remember, table_club
from webhooks.transport import http_post

PAGE = 500
EARLY_TOLERANCE = timedelta(milliseconds=250)

#: How a delivery run ended.
CAUGHT_UP = "caught_up"  # nothing left to deliver
BUSY = "busy"  # another worker holds the endpoint
RETRY = "retry"  # this run's attempt failed: try again at ``retry_at``
WAITING = "waiting"  # a retry is already scheduled for later
BLOCKED = "blocked"  # a dead delivery waits for an admin
INACTIVE = "inactive"  # the endpoint is deactivated (or gone)
MORE = "more"  # out of time budget with work left: run again

PROGRESS = "progress"  # (a step only) go on


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
    deadline = time.monotonic() + (budget_seconds or conf.task_budget())
    attempts = delivered = 0
    ahead = _Ahead()
    while True:
        step = _step(endpoint_id, ahead)
        attempts += step.attempts
        delivered += step.delivered
        state = step.state
        if state == CAUGHT_UP and _behind_head(endpoint_id):
            # A wake that came while we held the lock gave up (BUSY): look again now
            # that the lock is released, so its events are not left for the sweep.
            state = PROGRESS
        if state == PROGRESS and time.monotonic() > deadline:
            state = MORE
        if state != PROGRESS:
            return DeliveryRun(state, step.retry_at, attempts, delivered)


def _behind_head(endpoint_id: uuid.UUID) -> bool:
    checkpoint = (
        WebhookCheckpoint.objects.filter(endpoint_id=endpoint_id).select_related("endpoint").first()
    )
    return checkpoint is not None and checkpoint.position < last_position(
        club=checkpoint.endpoint.club_id
    )


class _Ahead:
    """The rest of the last page read, kept between steps so that an endpoint with a
    delivery every few events does not read the same page again for each of them. Valid
    only while the checkpoint is where this run left it (another worker may have moved it
    while the lock was released)."""

    def __init__(self) -> None:
        self.club: uuid.UUID | None = None
        self.after = -1
        self.events: deque[RecordedEvent] = deque()
        self.full = False

    def page(self, club: uuid.UUID, after: int) -> tuple[deque[RecordedEvent], bool]:
        if club != self.club or after != self.after or not self.events:
            events = read_all(club=club, after=after, limit=PAGE)
            self.events, self.full = deque(events), len(events) == PAGE
            self.club, self.after = club, after
        return self.events, self.full

    def consumed(self, position: int) -> None:
        self.after = position


def _step(endpoint_id: uuid.UUID, ahead: _Ahead) -> DeliveryRun:
    with transaction.atomic():
        checkpoint = (
            WebhookCheckpoint.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("endpoint")
            .filter(endpoint_id=endpoint_id)
            .first()
        )
        if checkpoint is None:
            exists = WebhookCheckpoint.objects.filter(endpoint_id=endpoint_id).exists()
            return DeliveryRun(BUSY if exists else INACTIVE)
        endpoint = checkpoint.endpoint  # not locked: editing it never waits for a delivery
        if not endpoint.active:
            return DeliveryRun(INACTIVE)

        unfinished = (
            WebhookDelivery.objects.filter(
                endpoint=endpoint, status__in=[DeliveryStatus.PENDING, DeliveryStatus.DEAD]
            )
            .order_by("position")
            .first()
        )
        if unfinished is not None:
            if unfinished.status == DeliveryStatus.DEAD:
                return DeliveryRun(BLOCKED)
            due = unfinished.next_attempt_at
            # A retry task whose timer fires a hair early must not find it "not due" and
            # stop: nothing would schedule it again before the beat sweep.
            if due is not None and due > timezone.now() + EARLY_TOLERANCE:
                return DeliveryRun(WAITING, retry_at=due)
            (event,) = read_all(club=endpoint.club_id, after=unfinished.position - 1, limit=1)
            return _attempt(endpoint, checkpoint, unfinished, event)

        events, full = ahead.page(endpoint.club_id, checkpoint.position)
        start = checkpoint.position
        while events:
            event = events.popleft()
            found = _wanted(endpoint, event)
            if found is None:
                checkpoint.position = event.position
                continue
            kind, table_id = found
            # Saved with the attempt's outcome: one INSERT rather than INSERT then UPDATE.
            delivery = WebhookDelivery(
                endpoint=endpoint, position=event.position, kind=kind, table_id=table_id
            )
            run = _attempt(endpoint, checkpoint, delivery, event)
            if run.state == PROGRESS:
                ahead.consumed(checkpoint.position)
            return run
        if checkpoint.position != start:
            checkpoint.save(update_fields=["position", "updated_at"])
        ahead.consumed(checkpoint.position)
        return DeliveryRun(PROGRESS if full else CAUGHT_UP)


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
    endpoint: WebhookEndpoint,
    checkpoint: WebhookCheckpoint,
    delivery: WebhookDelivery,
    event: RecordedEvent,
) -> DeliveryRun:
    """One POST; its record, the delivery's state and the checkpoint commit together."""
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
        checkpoint.position = delivery.position
    else:
        delivery.failures += 1
        if delivery.failures >= conf.max_attempts():
            delivery.status = DeliveryStatus.DEAD
            delivery.finished_at = finished_at
        else:
            next_retry_at = finished_at + timedelta(seconds=retry_delay(failures=delivery.failures))
    delivery.next_attempt_at = next_retry_at
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
    checkpoint.save(update_fields=["position", "updated_at"])
    if result.ok:
        return DeliveryRun(PROGRESS, attempts=1, delivered=1)
    if delivery.status == DeliveryStatus.DEAD:
        return DeliveryRun(BLOCKED, attempts=1)
    return DeliveryRun(RETRY, retry_at=next_retry_at, attempts=1)
