"""Webhooks and imports (issue 25): an import abandoned midway delivers nothing of its
table (not even `table_created`, logged with its first chunk), while what the club logs
after it is still delivered; an import held back while running is delivered whole once
its last chunk commits."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from django.db import OperationalError
from rest_framework.test import APIClient

import games.services.events as events_module
from clubs.models import Club
from eventlog import last_position, read_stream
from followers.framework import club_positions
from games.engine.simulate import random_sitting
from games.models import Table
from games.services import table_import
from tests.imports.helpers import failing_append
from tests.webhooks.conftest import checkpoint_of, create_webhook, wait_for
from tests.webhooks.receiver import Receiver
from webhooks.delivery import endpoint_deliver

pytestmark = pytest.mark.django_db(transaction=True)

KINDS = ["table_created", "deal_settled"]


def _sitting(seed: int, deals: int = 12) -> dict[str, Any]:
    return random_sitting(random.Random(seed), "louisiana", 4, deals=deals).transcript


def _deliver_all(endpoint: dict[str, Any], club: Club) -> None:
    """Deliver up to the club's head here, or wait for a worker of the session that holds
    the endpoint to get there (its POSTs are made before its checkpoint commits)."""
    endpoint_deliver(endpoint_id=uuid.UUID(endpoint["id"]), budget_seconds=20)
    wait_for(
        lambda: (
            club_positions(checkpoint_of(endpoint)).get(str(club.id), 0)
            >= last_position(club=club.id)
        ),
        timeout=30,
    )


def _delivered(receiver: Receiver) -> list[tuple[str, str]]:
    return [(r.payload["kind"], r.payload["table_id"]) for r in receiver.delivered()]


def test_an_abandoned_import_delivers_nothing_and_what_follows_it_is_delivered(
    admin: APIClient, club: Club, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, KINDS)
    receiver.secret = endpoint["secret"]
    real = events_module.table_events_append
    monkeypatch.setattr(events_module, "table_events_append", failing_append())
    with pytest.raises(OperationalError):
        table_import(club=club, name="lost", transcript=_sitting(1))
    lost = Table.objects.get(name="lost")
    assert lost.import_status == "abandoned"
    assert len(read_stream(stream=f"table-{lost.id}")) > 1  # its chunks stay in the log
    monkeypatch.setattr(events_module, "table_events_append", real)
    kept = table_import(club=club, name="kept", transcript=_sitting(2, deals=2))

    _deliver_all(endpoint, club)
    got = _delivered(receiver)
    assert str(lost.id) not in {table for _, table in got}
    assert got[0] == ("table_created", str(kept.id))
    assert ("deal_settled", str(kept.id)) in got


def test_a_running_import_is_held_back_then_delivered_whole(
    admin: APIClient, club: Club, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, KINDS)
    receiver.secret = endpoint["secret"]
    real = events_module.table_events_append
    states: list[str] = []
    delivered_while_importing: list[list[tuple[str, str]]] = []

    def append(**kwargs: Any) -> Any:
        # Between chunks (the previous one committed, the table still `importing`), the
        # endpoint's follower runs: it must not pass the import's first event.
        states.append(endpoint_deliver(endpoint_id=uuid.UUID(endpoint["id"])).state)
        delivered_while_importing.append(_delivered(receiver))
        return real(**kwargs)

    monkeypatch.setattr(events_module, "table_events_append", append)
    table = table_import(club=club, name="whole", transcript=_sitting(3))
    assert len(states) >= 3
    assert all(got == [] for got in delivered_while_importing)

    _deliver_all(endpoint, club)
    got = _delivered(receiver)
    assert got[0] == ("table_created", str(table.id))
    settled = [e for e in read_stream(stream=f"table-{table.id}") if e.type == "RulingMade"]
    assert got.count(("deal_settled", str(table.id))) == sum(
        1 for e in settled if e.data["kind"] == "deal_settled"
    )
