"""Real Celery workers for tests: started on the test database as the application role."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent

#: Every worker this process started, with the queue it consumes.
_STARTED: list[tuple[str, subprocess.Popen[bytes]]] = []


def consumed(queue: str) -> bool:
    """Whether a worker this process started is running on `queue`: if none is, what waits
    in the queue stays there (no task can run against the database meanwhile)."""
    return any(name == queue and process.poll() is None for name, process in _STARTED)


def spawn_celery_worker(
    test_db_name: str,
    queue: str,
    *,
    node_prefix: str,
    extra_env: dict[str, str] | None = None,
    timeout: float = 60,
) -> tuple[subprocess.Popen[bytes], str]:
    """Start a real ``celery worker`` (solo pool) on the test database as the application
    role, consuming ``queue``; return it once it answers a ping, with its node name."""
    app = settings.APP_DATABASE
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
        DJANGO_DEBUG="0",
        DATABASE_URL=(
            f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{test_db_name}"
        ),
        CELERY_TASK_DEFAULT_QUEUE=settings.CELERY_TASK_DEFAULT_QUEUE,
    )
    env.update(extra_env or {})
    env.pop("DATABASE_OWNER_URL", None)
    node = f"{node_prefix}-{uuid.uuid4().hex[:8]}"
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "bourre_site", "worker", "--pool", "solo",
         "--queues", queue, "--hostname", f"{node}@%h", "--loglevel", "WARNING",
         "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT,
        env=env,
    )  # fmt: skip
    _STARTED.append((queue, process))
    from bourre_site.celery import app as probe  # the site's app: stays the current one

    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError("the celery worker exited during start-up")
        replies = probe.control.ping(timeout=0.5) or []
        if any(node in name for reply in replies for name in reply):
            return process, node
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the celery worker did not answer a ping within {timeout}s")


def stop_workers(processes: list[subprocess.Popen[bytes]]) -> None:
    """Stop workers started by a test (warm shutdown first, then kill)."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
