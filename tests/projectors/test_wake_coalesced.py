"""Wake-ups coalesce across processes: however many commits, from however many threads and
processes, at most one catch-up task per projector waits in the queue, and the worker it
wakes still reads up to the last event (a commit after the task started gets its own)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import textwrap
import uuid
from collections import Counter

import pytest
import redis
from django.conf import settings

from eventlog import last_position
from projectors.framework import projectors_all
from tests.projectors.conftest import ROOT, live, wait_for
from tests.workers import spawn_celery_worker, stop_workers

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PROCESSES, THREADS, COMMITS = 3, 4, 15

# One process of the API as far as wakes go: threads committing appends, each transaction
# asking for the followers' wake-up as the registry's `project_inline` does.
COMMITTER = textwrap.dedent(
    """
    import sys, threading, uuid
    import django
    django.setup()
    from django.db import connection, transaction
    from eventlog import NewEvent, append
    from eventlog.wakeup import wait_until_sent
    from eventlog.registry import wake_followers

    def commits(n):
        stream, club = f"coalesce-{uuid.uuid4().hex}", str(uuid.uuid4())
        for i in range(n):
            with transaction.atomic():
                result = append(stream=stream, club=club, expected_version=i,
                                events=[NewEvent("Noted", {"i": i})], metadata={})
                wake_followers(result.events)
        connection.close()

    threads = [threading.Thread(target=commits, args=(int(sys.argv[2]),))
               for _ in range(int(sys.argv[1]))]
    for t in threads: t.start()
    for t in threads: t.join()
    assert wait_until_sent(10)
    """
)


def _env(test_db_name: str, queue: str) -> dict[str, str]:
    app = settings.APP_DATABASE
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
        DJANGO_DEBUG="0",
        DATABASE_URL=(
            f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{test_db_name}"
        ),
        CELERY_TASK_DEFAULT_QUEUE=queue,
    )
    env.pop("DATABASE_OWNER_URL", None)
    return env


def _commit_from_processes(test_db_name: str, queue: str, processes: int) -> None:
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", COMMITTER, str(THREADS), str(COMMITS)],
            cwd=ROOT,
            env=_env(test_db_name, queue),
        )
        for _ in range(processes)
    ]
    assert [run.wait(120) for run in runs] == [0] * processes


def _queued(broker: redis.Redis, queue: str) -> Counter[tuple[str, str]]:
    """(task name, first argument) of every message waiting in `queue`."""
    found: Counter[tuple[str, str]] = Counter()
    for raw in broker.lrange(queue, 0, -1):
        message = json.loads(raw)
        args = json.loads(base64.b64decode(message["body"]))[0]
        found[(message["headers"]["task"], str(args[0]) if args else "")] += 1
    return found


def test_many_commits_queue_one_catch_up_and_the_projector_reaches_the_last_event(
    test_db_name: str,
) -> None:
    queue = f"coalesce-{uuid.uuid4().hex[:8]}"  # no worker reads it yet
    broker = redis.Redis.from_url(settings.REDIS_URL)
    try:
        _commit_from_processes(test_db_name, queue, PROCESSES)
        queued = _queued(broker, queue)
        # One catch-up per projector of the registry (the statistics, the ratings) and one
        # for the transparency log's tree, however many commits.
        expected = {("projectors.catch_up", n): 1 for n in projectors_all()}
        assert queued == {**expected, ("transparency.catch_up", ""): 1}, queued

        worker, _ = spawn_celery_worker(
            test_db_name,
            queue,
            node_prefix="coalesce",
            extra_env={"CELERY_TASK_DEFAULT_QUEUE": queue},
        )
        try:
            head = last_position()
            wait_for(lambda: live().position >= head, timeout=60)
            # The task cleared the mark as it started: later commits wake it again.
            _commit_from_processes(test_db_name, queue, 1)
            head = last_position()
            wait_for(lambda: live().position >= head, timeout=60)
            wait_for(lambda: broker.llen(queue) == 0, timeout=30)
        finally:
            stop_workers([worker])
    finally:
        broker.delete(queue)
        for key in broker.scan_iter(f"bourre:wake-pending:{queue}:*"):
            broker.delete(key)
