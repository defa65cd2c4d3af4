"""Reads: a club's endpoints with their delivery state, attempts, and what is due."""

from __future__ import annotations

import uuid
from datetime import datetime

from django.db.models import CharField, Exists, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Concat

from clubs.models import Club
from eventlog import partition_heads
from followers.models import SubscriptionCheckpoint
from webhooks.models import DeliveryStatus, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from webhooks.wake import ENDPOINT_PREFIX, endpoint_subscription


def _checkpoint() -> QuerySet[SubscriptionCheckpoint]:
    """The endpoint's (`OuterRef("pk")`) live checkpoint in the subscriptions' table."""
    name = Concat(Value(ENDPOINT_PREFIX), Cast(OuterRef("pk"), CharField()))
    return SubscriptionCheckpoint.objects.filter(name=name, active=True)


def _with_state(queryset: QuerySet[WebhookEndpoint]) -> QuerySet[WebhookEndpoint]:
    unfinished = WebhookDelivery.objects.filter(
        endpoint=OuterRef("pk"), status__in=[DeliveryStatus.PENDING, DeliveryStatus.DEAD]
    ).order_by("position")
    return queryset.annotate(
        checkpoint_position=Subquery(_checkpoint().values("position")[:1]),
        blocked=Exists(unfinished.filter(status=DeliveryStatus.DEAD)),
        pending_position=Subquery(unfinished.values("position")[:1]),
        # The checkpoint waits for it: a queued delivery's retry time (none while dead).
        next_attempt_at=Subquery(_checkpoint().values("not_before")[:1]),
    )


def webhook_endpoint_list(*, club: Club) -> QuerySet[WebhookEndpoint]:
    return _with_state(WebhookEndpoint.objects.filter(club=club)).order_by("created_at")


def webhook_endpoint_get(*, club: Club, endpoint_id: uuid.UUID) -> WebhookEndpoint | None:
    """The club's endpoint (None for another club's: callers answer 404)."""
    return _with_state(WebhookEndpoint.objects.filter(club=club, id=endpoint_id)).first()


def webhook_attempt_list(
    *, endpoint: WebhookEndpoint, limit: int = 100, before: int | None = None
) -> list[WebhookAttempt]:
    """Every attempt for the endpoint, newest first; page on with ``before=<last id>``."""
    attempts = WebhookAttempt.objects.filter(delivery__endpoint=endpoint).select_related("delivery")
    if before is not None:
        attempts = attempts.filter(id__lt=before)
    return list(attempts.order_by("-id")[:limit])


def _checkpoints(endpoints: dict[str, str]) -> dict[str, SubscriptionCheckpoint]:
    """The live checkpoints of `endpoints` (id -> its subscription's name), by endpoint id."""
    by_name = {name: endpoint_id for endpoint_id, name in endpoints.items()}
    rows = SubscriptionCheckpoint.objects.filter(name__in=list(by_name), active=True)
    return {by_name[row.name]: row for row in rows}


def webhook_endpoints_active() -> bool:
    return WebhookEndpoint.objects.filter(active=True).exists()


def webhook_endpoints_due(*, now: datetime) -> list[uuid.UUID]:
    """Active endpoints with events after their checkpoint that are not blocked by a dead
    delivery nor waiting for a retry that is not due yet (the checkpoint's `not_before`)."""
    blocking = WebhookDelivery.objects.filter(endpoint=OuterRef("pk"), status=DeliveryStatus.DEAD)
    due = dict(
        WebhookEndpoint.objects.filter(active=True)
        .exclude(Exists(blocking))
        .values_list("id", "club_id")
    )
    if not due:
        return []
    checkpoints = _checkpoints({str(e): endpoint_subscription(str(e)) for e in due})
    # An endpoint follows its club's partition: its checkpoint is a position there.
    heads = partition_heads()
    return [
        endpoint_id
        for endpoint_id, club_id in due.items()
        if (checkpoint := checkpoints.get(str(endpoint_id))) is not None
        and checkpoint.position < heads.get(str(club_id), 0)
        and (checkpoint.not_before is None or checkpoint.not_before <= now)
    ]


def webhooks_progress() -> tuple[int, int, datetime | None]:
    """How far the webhooks subscription has read, for `/projections`: the active
    endpoints' checkpoints summed, beside their clubs' heads summed (so the difference is
    the events still to be dealt with, endpoint by endpoint), and the latest move."""
    heads = partition_heads()
    endpoints = dict(WebhookEndpoint.objects.filter(active=True).values_list("id", "club_id"))
    checkpoints = _checkpoints({str(e): endpoint_subscription(str(e)) for e in endpoints})
    position = last = 0
    updated: datetime | None = None
    for endpoint_id, club_id in endpoints.items():
        last += heads.get(str(club_id), 0)
        checkpoint = checkpoints.get(str(endpoint_id))
        if checkpoint is None:
            continue
        position += checkpoint.position
        if updated is None or checkpoint.updated_at > updated:
            updated = checkpoint.updated_at
    return position, last, updated
