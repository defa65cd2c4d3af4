"""Faults under load, on loopback only: a gunicorn worker killed, Redis stopped, Postgres
restarted, while clients keep logging card plays with idempotency keys."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from typing import Any

import pytest
import requests
from django.db import connection

from tests.faults.conftest import (
    ROOT,
    LiveServer,
    check_log,
    local_services,
    log_concurrently,
    make_tables,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
needs_local = pytest.mark.skipif(
    not local_services(), reason="stops servers: only the project-local ones"
)


def _script(name: str, action: str) -> None:
    subprocess.run([str(ROOT / "scripts" / name), action], check=True, timeout=90, cwd=ROOT)


def _fresh_broker_connections() -> None:
    """This process's pooled broker connections died with Redis: later tests (their worker
    pings) must not pick one up."""
    from kombu import pools

    from bourre_site.celery import app

    pools.reset()  # kombu's process-wide connection and producer pools, closed and emptied
    app._pool = None
    app.amqp._producer_pool = None


def test_a_killed_gunicorn_worker_loses_and_duplicates_nothing(gunicorn_server: LiveServer) -> None:
    # Ten deals a table: the clients are still posting at the third kill (1.2 s in; two deals
    # a table were all logged before the first on a quiet machine, nothing in flight to die).
    raw, tables = make_tables(gunicorn_server.url, 4, seed=700, deals=10)
    killed: list[int] = []

    def kill_workers() -> None:
        for _ in range(3):
            time.sleep(0.4)
            pids = gunicorn_server.worker_pids()
            if pids:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])

    outcome = log_concurrently(gunicorn_server.url, raw, tables, during=kill_workers)
    assert len(killed) == 3
    assert outcome.retries >= 1  # a request died with its worker and was retried
    check_log(tables, outcome)


@needs_local
def test_card_plays_go_on_while_redis_is_down_and_jobs_finish_after(
    gunicorn_server: LiveServer, celery_worker_process: Any, settings: Any
) -> None:
    from django.db import connection

    from eventlog import last_position
    from eventlog.wakeup import pending_reset
    from exports.models import ExportJob
    from exports.tasks import exports_sweep_task
    from followers.models import SubscriptionCheckpoint
    from projectors.framework import projectors_all
    from projectors.tasks import projectors_catch_up

    raw, tables = make_tables(gunicorn_server.url, 2, seed=720, deals=8)
    auth = {"Authorization": f"Bearer {raw}"}
    jobs: list[str] = []

    def outage() -> None:
        time.sleep(0.3)
        _script("redis.sh", "stop")
        try:
            started = time.monotonic()
            response = requests.post(
                f"{gunicorn_server.url}/api/v1/exports", json={"kind": "ledger"}, headers=auth,
                timeout=10,
            )  # fmt: skip
            assert response.status_code == 202, response.text
            assert time.monotonic() - started < 4  # answered quickly, not after retries
            jobs.append(response.json()["id"])
            time.sleep(1.5)  # card plays keep coming meanwhile
        finally:
            _script("redis.sh", "start")
            _fresh_broker_connections()

    outcome = log_concurrently(gunicorn_server.url, raw, tables, during=outage)
    check_log(tables, outcome)
    assert set(outcome.statuses) == {201}  # Redis is not on the path of a card play

    # After the restart: the beat sweeps (run here, with no wait) re-send what was lost. A
    # catch-up task the worker had taken when Redis went away is redelivered only after the
    # broker's visibility timeout, and its wake mark holds back new wakes for PENDING_TTL
    # (60 s) in production; forget the marks so the test need not wait that long.
    pending_reset()
    connection.close()
    settings.JOBS_QUEUED_RESEND_SECONDS = 0
    exports_sweep_task()
    projectors_catch_up.delay()
    head = last_position()
    deadline = time.monotonic() + 60
    while True:
        job = ExportJob.objects.get(pk=jobs[0])
        behind = SubscriptionCheckpoint.objects.filter(
            active=True, name__in=list(projectors_all()), position__lt=head
        ).exists()
        if job.status == "succeeded" and not behind:
            break
        assert job.status != "failed", job.error
        assert time.monotonic() < deadline, (job.status, behind)
        time.sleep(0.3)


@needs_local
def test_a_postgres_restart_is_503_then_recovers_with_nothing_half_written(
    gunicorn_server: LiveServer,
) -> None:
    # Deals enough that the clients are still logging when the database stops (a card play
    # takes a few milliseconds: two deals a table were over before it).
    raw, tables = make_tables(gunicorn_server.url, 3, seed=740, deals=10)

    def restart() -> None:
        time.sleep(0.5)
        _script("pg.sh", "stop")
        time.sleep(1.0)  # clients meet a database that is not there
        _script("pg.sh", "start")

    outcome = log_concurrently(gunicorn_server.url, raw, tables, during=restart)
    connection.close()  # the restart ended this process's session: the next query opens one
    assert outcome.unavailable, "no client saw the outage"
    for response in outcome.unavailable:
        assert response.json()["error"]["code"] == "service_unavailable"
        assert int(response.headers["Retry-After"]) > 0
    assert 500 not in outcome.statuses
    check_log(tables, outcome)
    # The same server answers again without a restart.
    response = requests.get(
        f"{gunicorn_server.url}/api/v1/tables", headers={"Authorization": f"Bearer {raw}"},
        timeout=10,
    )  # fmt: skip
    assert response.status_code == 200


@needs_local
def test_the_live_streams_serve_again_after_a_postgres_restart(live_app: Any) -> None:
    """The live app reads the database on its executor's threads, which see no request:
    Django never replaced their connections, and after a restart every API stream failed
    (a 500) until uvicorn was restarted. The fault soak found it (tests/faults/test_soak.py)."""
    from tests.live.helpers import live_table
    from tests.live.sse import read_events

    table = live_table()
    url = f"{live_app.url}/api/v1/tables/{table.id}/stream?after=0"
    key = {"Authorization": f"Bearer {table.auditor}"}

    def first_event() -> dict[str, str]:
        events = read_events(url, headers=key, until=lambda got: len(got) >= 1, quiet=5)
        assert events, "no event"
        return events[0]

    for _ in range(8):  # the executor's threads each hold a connection
        assert first_event()["id"] == "1"
    _script("pg.sh", "stop")
    try:  # meanwhile: the API's 503, as gunicorn answers (it was a 500 page)
        down = requests.get(url, headers=key, timeout=10)
        assert down.status_code == 503, down.text[:200]
        assert down.json()["error"]["code"] == "service_unavailable"
        assert int(down.headers["Retry-After"]) > 0
    finally:
        _script("pg.sh", "start")
    connection.close()
    for _ in range(8):
        assert first_event()["id"] == "1"
