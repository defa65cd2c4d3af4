from __future__ import annotations

import os
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

from projectors.framework import checkpoint_next_generation, projector_batch
from projectors.models import PlayerStats, ProjectorCheckpoint
from projectors.player_stats import NAME

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


def live() -> ProjectorCheckpoint:
    return ProjectorCheckpoint.objects.get(name=NAME, active=True)


def from_scratch(until: int, clubs: set[str] | None = None) -> Snapshot:
    """The read model built from position 0 up to `until` in a throwaway generation."""
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
    from celery import Celery

    started: list[subprocess.Popen[bytes]] = []
    probe = Celery(broker=settings.CELERY_BROKER_URL, set_as_current=False)

    def start(queue: str, delay: float = 0.0) -> tuple[subprocess.Popen[bytes], str]:
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
            BOURRE_PROJECTOR_TEST_BATCH_DELAY=str(delay),
        )
        env.pop("DATABASE_OWNER_URL", None)
        node = f"proj-{uuid.uuid4().hex[:8]}"
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
        return process, node

    yield start
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    probe.close()
