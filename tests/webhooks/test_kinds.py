"""The `table_closed` kind: a receiver subscribed to it gets the table's `TableClosed`,
and nothing else of the sitting."""

from __future__ import annotations

import uuid

from rest_framework.test import APIClient

from clubs.models import Club
from games.services.tables import table_import
from tests.ledger.helpers import case
from tests.webhooks.conftest import create_webhook
from tests.webhooks.receiver import Receiver
from webhooks.delivery import CAUGHT_UP, endpoint_deliver
from webhooks.kinds import KIND_DESCRIPTIONS, WEBHOOK_KINDS


def test_a_closed_table_is_delivered_as_table_closed(
    admin: APIClient, club: Club, receiver: Receiver
) -> None:
    assert "table_closed" in WEBHOOK_KINDS
    assert "table_closed" in KIND_DESCRIPTIONS
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, ["table_closed"])
    receiver.secret = endpoint["secret"]
    name = "sitting-01-louisiana-roster-close"
    table = table_import(club=club, name=name, transcript=case(name)["transcript"])
    state = endpoint_deliver(endpoint_id=uuid.UUID(endpoint["id"]), budget_seconds=20).state
    assert state == CAUGHT_UP
    delivered = receiver.delivered()
    assert [r.payload["kind"] for r in delivered] == ["table_closed"]
    assert delivered[0].payload["type"] == "TableClosed"
    assert delivered[0].payload["table_id"] == str(table.id)
