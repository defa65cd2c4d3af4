"""What the sweep (woken after appends and run by beat) considers due."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta

from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog import RecordedEvent
from tests.webhooks.conftest import create_webhook, retry_due_at
from tests.webhooks.receiver import Receiver
from webhooks.delivery import endpoint_deliver
from webhooks.models import WebhookDelivery
from webhooks.selectors import webhook_endpoints_due


def due() -> set[str]:
    return {str(i) for i in webhook_endpoints_due(now=timezone.now())}


@override_settings(WEBHOOKS_MAX_ATTEMPTS=1)
def test_due_means_active_behind_the_log_and_neither_waiting_nor_blocked(
    admin: APIClient,
    club: Club,
    receiver: Receiver,
    sitting: Callable[..., list[RecordedEvent]],
) -> None:
    receiver.fail_first = 0
    caught_up = create_webhook(admin, receiver.url, ["table_created"])
    waiting = create_webhook(admin, receiver.url, ["table_created"])
    blocked = create_webhook(admin, receiver.url, ["table_created"])
    inactive = create_webhook(admin, receiver.url, ["table_created"])
    admin.delete(f"/api/v1/webhooks/{inactive['id']}")
    assert due() == set()  # nothing recorded since they were registered

    sitting(club, seed=20, deals=1)
    assert due() == {caught_up["id"], waiting["id"], blocked["id"]}

    endpoint_deliver(endpoint_id=uuid.UUID(caught_up["id"]))
    receiver.fail_first = 100
    endpoint_deliver(endpoint_id=uuid.UUID(blocked["id"]))  # one attempt allowed: dead
    with override_settings(WEBHOOKS_MAX_ATTEMPTS=5):
        endpoint_deliver(endpoint_id=uuid.UUID(waiting["id"]))
    pending = WebhookDelivery.objects.get(endpoint_id=waiting["id"])
    assert pending.status == "queued"
    assert due() == set()

    # Once the retry falls due, the sweep picks it up (beat does this if its task was lost).
    retry_due_at(waiting, timezone.now() - timedelta(seconds=1))
    assert due() == {waiting["id"]}
