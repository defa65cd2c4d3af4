"""Reads: a club's endpoints with their delivery state, attempts, and what is due."""

from __future__ import annotations

import uuid
from datetime import datetime

from django.db.models import Exists, F, OuterRef, QuerySet, Subquery

from clubs.models import Club
from games.eventstore import partition_heads
from webhooks.models import DeliveryStatus, WebhookAttempt, WebhookDelivery, WebhookEndpoint


def _with_state(queryset: QuerySet[WebhookEndpoint]) -> QuerySet[WebhookEndpoint]:
    unfinished = WebhookDelivery.objects.filter(
        endpoint=OuterRef("pk"), status__in=[DeliveryStatus.PENDING, DeliveryStatus.DEAD]
    ).order_by("position")
    return queryset.annotate(
        checkpoint_position=F("checkpoint__position"),
        blocked=Exists(unfinished.filter(status=DeliveryStatus.DEAD)),
        pending_position=Subquery(unfinished.values("position")[:1]),
        next_attempt_at=Subquery(unfinished.values("next_attempt_at")[:1]),
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


def webhook_endpoints_due(*, now: datetime) -> list[uuid.UUID]:
    """Active endpoints with events after their checkpoint that are not blocked by a dead
    delivery nor waiting for a retry that is not due yet."""
    blocking = WebhookDelivery.objects.filter(endpoint=OuterRef("pk")).filter(
        status=DeliveryStatus.DEAD
    )
    waiting = WebhookDelivery.objects.filter(
        endpoint=OuterRef("pk"), status=DeliveryStatus.PENDING, next_attempt_at__gt=now
    )
    # Checkpoints are positions in the endpoint's club partition: compare with its head.
    heads = partition_heads()
    due = (
        WebhookEndpoint.objects.filter(active=True)
        .exclude(Exists(blocking))
        .exclude(Exists(waiting))
        .values_list("id", "club_id", "checkpoint__position")
    )
    return [
        endpoint_id
        for endpoint_id, club_id, position in due
        if position is not None and position < heads.get(str(club_id), 0)
    ]


def webhooks_progress() -> tuple[int, int, datetime | None]:
    """How far the webhooks subscription has read, for `/projections`: the active
    endpoints' checkpoints summed, beside their clubs' heads summed (so the difference is
    the events still to be dealt with, endpoint by endpoint), and the latest move."""
    heads = partition_heads()
    checkpoint = last = 0
    updated: datetime | None = None
    rows = WebhookEndpoint.objects.filter(active=True).values_list(
        "club_id", "checkpoint__position", "checkpoint__updated_at"
    )
    for club_id, position, updated_at in rows:
        checkpoint += position or 0
        last += heads.get(str(club_id), 0)
        if updated_at is not None and (updated is None or updated_at > updated):
            updated = updated_at
    return checkpoint, last, updated
