"""Writes: registering, editing, deactivating and unblocking endpoints."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from clubs.models import Club
from eventlog import club_key, last_position
from eventlog.subscriptions import idle_set
from followers.framework import checkpoint_advance, checkpoint_create, checkpoint_lock
from webhooks.kinds import WEBHOOK_KINDS
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint
from webhooks.signing import secret_generate
from webhooks.wake import SWEEP, endpoint_subscription


class UnknownKind(ValueError):
    pass


def _kinds(kinds: Sequence[str]) -> list[str]:
    unknown = sorted(set(kinds) - set(WEBHOOK_KINDS))
    if unknown or not kinds:
        raise UnknownKind(f"unknown webhook kinds: {unknown}" if unknown else "no kinds given")
    return [kind for kind in WEBHOOK_KINDS if kind in kinds]


def _wake_on_commit(endpoint: WebhookEndpoint) -> None:
    """After commit: appends wake the sweep again (someone to serve), and this endpoint is
    delivered what it has (nothing recorded between the commit and the mark is missed)."""
    from webhooks.tasks import deliver_enqueue

    endpoint_id = str(endpoint.id)

    def wake() -> None:
        idle_set(SWEEP, False)
        deliver_enqueue(endpoint_id=endpoint_id)

    transaction.on_commit(wake, robust=True)


@transaction.atomic
def webhook_endpoint_create(
    *, club: Club, url: str, kinds: Sequence[str], description: str = ""
) -> tuple[WebhookEndpoint, str]:
    """A new endpoint and its secret (shown once). It receives events recorded after it
    was registered: its checkpoint starts at the head of the club's partition of the log."""
    secret = secret_generate()
    endpoint = WebhookEndpoint.objects.create(
        club=club, url=url, kinds=_kinds(kinds), description=description, secret=secret
    )
    checkpoint_create(
        name=endpoint_subscription(str(endpoint.id)),
        start={club_key(club.id): last_position(club=club.id)},
    )
    _wake_on_commit(endpoint)
    return endpoint, secret


@transaction.atomic
def webhook_endpoint_update(
    *,
    endpoint: WebhookEndpoint,
    url: str | None = None,
    kinds: Sequence[str] | None = None,
    description: str | None = None,
    active: bool | None = None,
) -> WebhookEndpoint:
    """Edit an endpoint. Reactivating it delivers what was recorded while it was off."""
    if url is not None:
        endpoint.url = url
    if kinds is not None:
        endpoint.kinds = _kinds(kinds)
    if description is not None:
        endpoint.description = description
    reactivated = active is True and not endpoint.active
    if active is not None:
        endpoint.active = active
    endpoint.save()
    if reactivated:
        _wake_on_commit(endpoint)
    return endpoint


def webhook_endpoint_deactivate(*, endpoint: WebhookEndpoint) -> WebhookEndpoint:
    return webhook_endpoint_update(endpoint=endpoint, active=False)


@transaction.atomic
def webhook_endpoint_unblock(*, endpoint: WebhookEndpoint, skip: bool) -> WebhookDelivery | None:
    """Release an endpoint blocked by a dead delivery: try that event again (a fresh run of
    attempts) or skip it, moving the checkpoint past it. None if it was not blocked."""
    # Waits for a delivering worker to finish its step; a blocked endpoint has none for long.
    checkpoint = checkpoint_lock(name=endpoint_subscription(str(endpoint.id)))
    dead = WebhookDelivery.objects.filter(endpoint=endpoint, status=DeliveryStatus.DEAD).first()
    if dead is None or checkpoint is None:
        return None
    # Past the dead event (skip), or where it is (retry): either way it may go on at once.
    checkpoint_advance(checkpoint, club=endpoint.club_id, position=dead.position if skip else 0)
    if skip:
        dead.status = DeliveryStatus.SKIPPED
    else:
        dead.status = DeliveryStatus.PENDING
        dead.failures = 0
        dead.finished_at = None
    dead.save()
    _wake_on_commit(endpoint)
    return dead
