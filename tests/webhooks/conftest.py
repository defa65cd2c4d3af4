from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from clubs.models import Club
from games.engine.simulate import random_sitting
from games.eventstore import RecordedEvent, read_stream
from games.services import table_import
from tests.clubs.helpers import client_for, make_club, make_key
from tests.webhooks.receiver import Receiver

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
    from celery import Celery

    started: list[subprocess.Popen[bytes]] = []
    probe = Celery(broker=settings.CELERY_BROKER_URL)

    def start(queue: str, **extra_env: str) -> subprocess.Popen[bytes]:
        app = settings.APP_DATABASE
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
            DJANGO_DEBUG="0",
            DATABASE_URL=(
                f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/"
                f"{test_db_name}"
            ),
            CELERY_TASK_DEFAULT_QUEUE=settings.CELERY_TASK_DEFAULT_QUEUE,
            WEBHOOKS_QUEUE=queue,
        )
        env.update(extra_env)
        env.pop("DATABASE_OWNER_URL", None)
        node = f"webhooks-{uuid.uuid4().hex[:8]}"
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "bourre_site", "worker", "--pool", "solo",
             "--queues", queue, "--hostname", f"{node}@%h", "--loglevel", "WARNING",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT,
            env=env,
        )  # fmt: skip
        started.append(process)

        def answered() -> bool:
            assert process.poll() is None, "the worker exited during start-up"
            replies = probe.control.ping(timeout=0.5) or []
            return any(node in name for reply in replies for name in reply)

        wait_for(answered, timeout=60, every=0)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    probe.close()
