from __future__ import annotations

import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from followers.framework import checkpoint_next_generation
from followers.models import SubscriptionCheckpoint
from projectors.framework import projector_batch
from projectors.models import PlayerStats
from projectors.player_stats import NAME
from tests.workers import spawn_celery_worker, stop_workers

ROOT = Path(__file__).resolve().parents[2]

Snapshot = dict[tuple[str, str], dict[str, int]]


def snapshot(generation: int, clubs: set[str] | None = None) -> Snapshot:
    rows = PlayerStats.objects.filter(generation=generation)
    if clubs is not None:
        rows = rows.filter(club_id__in=clubs)
    out = {}
    for row in rows.values():
        key = (row.pop("club_id"), row.pop("player"))
        for extra in ("id", "generation"):
            row.pop(extra)
        out[key] = row
    return out


def live() -> SubscriptionCheckpoint:
    return SubscriptionCheckpoint.objects.get(name=NAME, active=True)


def from_scratch(until: dict[str, int], clubs: set[str] | None = None) -> Snapshot:
    """The read model built from the start of each club's partition up to `until[club]`
    in a throwaway generation (what a checkpoint has read: `club_positions(live())`)."""
    checkpoint = checkpoint_next_generation(name=NAME)
    try:
        while not projector_batch(
            name=NAME, generation=checkpoint.generation, until=until, wait=True
        ).caught_up:
            pass
        return snapshot(checkpoint.generation, clubs)
    finally:
        from projectors.framework import projector_get

        projector_get(name=NAME).drop(generation=checkpoint.generation)
        checkpoint.delete()


@pytest.fixture(autouse=True)
def _site_celery_app_is_current() -> None:
    """`celery_worker_process` builds its ping probe with `Celery(...)`, which makes the
    probe the current app, so `task.delay()` would go to the probe's default queue
    ("celery") that no worker reads. Put the site's app back."""
    from bourre_site.celery import app

    app.set_current()


@pytest.fixture
def club_id() -> str:
    return str(uuid.uuid4())


def wait_for(check: Callable[[], Any], timeout: float = 60, every: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(every)


@pytest.fixture
def start_worker(
    celery_worker_process: Any, test_db_name: str
) -> Iterator[Callable[..., tuple[subprocess.Popen[bytes], str]]]:
    """Start extra real workers on a queue of their own (the session worker is shared and
    must not be killed); with `delay`, each projector batch sleeps before committing."""
    started: list[subprocess.Popen[bytes]] = []

    def start(queue: str, delay: float = 0.0) -> tuple[subprocess.Popen[bytes], str]:
        process, node = spawn_celery_worker(
            test_db_name,
            queue,
            node_prefix="proj",
            extra_env={"BOURRE_PROJECTOR_TEST_BATCH_DELAY": str(delay)},
        )
        started.append(process)
        return process, node

    yield start
    stop_workers(started)
