from __future__ import annotations

import os
import random
import subprocess
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog import RecordedEvent, read_stream
from followers.models import SubscriptionCheckpoint
from games.engine.simulate import random_sitting
from games.services import table_import
from tests.clubs.helpers import client_for, make_club, make_key
from tests.webhooks.receiver import Receiver
from tests.workers import spawn_celery_worker, stop_workers
from webhooks.wake import endpoint_subscription

ROOT = Path(__file__).resolve().parents[2]

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


def checkpoint_of(endpoint: dict[str, Any]) -> SubscriptionCheckpoint:
    """The endpoint's live checkpoint (its subscription's, in `followers`)."""
    return SubscriptionCheckpoint.objects.get(
        name=endpoint_subscription(endpoint["id"]), active=True
    )


def retry_due_at(endpoint: dict[str, Any], at: datetime | None = None) -> None:
    """Time passes: the endpoint's queued retry falls due at `at` (now by default)."""
    SubscriptionCheckpoint.objects.filter(
        name=endpoint_subscription(endpoint["id"]), active=True
    ).update(not_before=at or timezone.now())


def wait_for(check: Callable[[], Any], timeout: float = 60, every: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(every)
    return value


@pytest.fixture
def start_worker(test_db_name: str) -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start real workers of our own on a queue of their own, as the session worker is
    started (the session worker is shared: a test must not kill it)."""
    started: list[subprocess.Popen[bytes]] = []

    def start(queue: str, **extra_env: str) -> subprocess.Popen[bytes]:
        process, _ = spawn_celery_worker(
            test_db_name,
            queue,
            node_prefix="webhooks",
            extra_env={"WEBHOOKS_QUEUE": queue, **extra_env},
        )
        started.append(process)
        return process

    yield start
    stop_workers(started)
