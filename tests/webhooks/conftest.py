from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.models import Club
from games.engine.simulate import random_sitting
from games.eventstore import RecordedEvent, read_stream
from games.services import table_import
from tests.clubs.helpers import client_for, make_club, make_key
from tests.webhooks.receiver import Receiver

# Read by every Celery worker this session starts (they copy the environment) and by
# webhooks.conf in this process: retries come back in tenths of a second, not seconds.
os.environ.setdefault("WEBHOOKS_RETRY_BASE_SECONDS", "0.2")
os.environ.setdefault("WEBHOOKS_TIMEOUT_SECONDS", "5")


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver(fail_first=2)
    yield server
    server.close()


@pytest.fixture
def club(db: None) -> Club:
    return make_club()


@pytest.fixture
def other_club(db: None) -> Club:
    return make_club()


@pytest.fixture
def admin(club: Club) -> APIClient:
    return client_for(make_key(club, "admin")[1])


@pytest.fixture
def auditor(club: Club) -> APIClient:
    return client_for(make_key(club, "auditor")[1])


def play_sitting(club: Club, seed: int, deals: int = 2) -> list[RecordedEvent]:
    """A realistic table of `club` (renege-prone), logged through the games service; its
    events as the log holds them."""
    sim = random_sitting(random.Random(seed), "louisiana", 4, deals=deals, renege_chance=0.2)
    table = table_import(club=club, name=f"table {seed}", transcript=sim.transcript)
    return read_stream(stream=f"table-{table.id}")


def ruling_positions(events: list[RecordedEvent], *kinds: str) -> list[int]:
    return [e.position for e in events if e.type == "RulingMade" and e.data.get("kind") in kinds]


@pytest.fixture
def sitting() -> Callable[..., list[RecordedEvent]]:
    return play_sitting


def create_webhook(client: APIClient, url: str, kinds: list[str]) -> dict[str, Any]:
    response = client.post("/api/v1/webhooks", {"url": url, "kinds": kinds}, format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())
