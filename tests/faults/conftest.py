"""A live gunicorn on loopback over the test database, and clients that retry the way a
careful table app does (same Idempotency-Key, same body), for the fault tests."""

from __future__ import annotations

import itertools
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
from django.conf import settings

from bench._server import Server
from clubs.models import Club
from games.engine.simulate import random_sitting
from tests.clubs.helpers import make_club, make_key
from tests.live.fixtures import asgi_server, live_app  # noqa: F401  (the live app's fixtures)

ROOT = Path(__file__).resolve().parents[2]
LOCAL_VAR = ROOT / "var"


def wait_until_healthy(url: str, process: subprocess.Popen[bytes], log: Path | None = None) -> None:
    """Wait (30 s at most) for a gunicorn just started to answer `/health/`; kill it and say
    why (with its log, if it writes one) when it exits or never answers."""
    deadline = time.monotonic() + 30
    while True:
        try:
            if requests.get(f"{url}/health/", timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"gunicorn did not start: {log.read_text() if log else ''}")
        time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def local_services() -> bool:
    """The fault tests stop and start servers: only the project-local ones are ours."""
    pg = settings.APP_DATABASE
    return (
        (LOCAL_VAR / "pg" / "data").is_dir()
        and pg.get("HOST") in ("127.0.0.1", "localhost")
        and str(pg.get("PORT")) == os.environ.get("BOURRE_PG_PORT", "5433")
        and "127.0.0.1" in str(settings.REDIS_URL)
    )


@dataclass
class LiveServer:
    url: str
    process: subprocess.Popen[bytes]

    def worker_pids(self) -> list[int]:
        """The gunicorn workers: children of the master."""
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == self.process.pid:
                pids.append(int(entry.name))
        return pids


@pytest.fixture
def gunicorn_server(test_db_name: str) -> Iterator[LiveServer]:
    app = settings.APP_DATABASE
    port = free_port()
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
        DJANGO_DEBUG="0",
        DATABASE_URL=(
            f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{test_db_name}"
        ),
        CELERY_TASK_DEFAULT_QUEUE=settings.CELERY_TASK_DEFAULT_QUEUE,
    )
    env.pop("DATABASE_OWNER_URL", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "bourre_site.wsgi:application",
         "--bind", f"127.0.0.1:{port}", "--workers", "2", "--timeout", "30",
         "--graceful-timeout", "2", "--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    wait_until_healthy(url, process)
    try:
        yield LiveServer(url, process)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def test_db_env(test_db_name: str) -> dict[str, str]:
    """What a server process needs to serve the test database as the application role."""
    app = settings.APP_DATABASE
    return {
        "DATABASE_URL": (
            f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{test_db_name}"
        ),
        "CELERY_TASK_DEFAULT_QUEUE": settings.CELERY_TASK_DEFAULT_QUEUE,
        "DJANGO_SETTINGS_MODULE": "bourre_site.settings.local",
        "DJANGO_DEBUG": "0",
    }


@pytest.fixture(scope="session")
def served_stack(test_db_name: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The whole stack as `make run` serves it (scripts/serve.sh: nginx in front of gunicorn,
    a Celery worker and beat) on a free port, over the test database."""
    log = tmp_path_factory.mktemp("served") / "serve.log"
    with Server(log, env=test_db_env(test_db_name)) as server:
        yield server


def flatten(transcript: dict[str, Any]) -> list[dict[str, Any]]:
    """A sitting as the events a table app posts one by one."""
    events: list[dict[str, Any]] = []
    for deal in transcript["deals"]:
        events.append({"deal": {k: v for k, v in deal.items() if k != "actions"}})
        events.extend(deal.get("actions", []))
    return events


@dataclass
class Table:
    id: str
    events: list[dict[str, Any]]


@dataclass
class Outcome:
    acknowledged: dict[str, int] = field(default_factory=dict)  # key -> version answered
    replayed: int = 0
    retries: int = 0
    statuses: list[int] = field(default_factory=list)
    unavailable: list[requests.Response] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)


def make_tables(url: str, count: int, *, seed: int, deals: int = 2) -> tuple[str, list[Table]]:
    """`count` tables of one club, each with a whole random sitting to log."""
    club: Club = make_club()
    raw = make_key(club, "scorekeeper")[1]
    tables = []
    for i in range(count):
        sim = random_sitting(random.Random(seed + i), "louisiana", 4, deals=deals)
        body = {
            "name": f"fault {seed + i}",
            "variant": "louisiana",
            "players": sim.transcript["players"],
            "options": sim.transcript.get("options", {}),
        }
        response = requests.post(
            f"{url}/api/v1/tables",
            json=body,
            headers={"Authorization": f"Bearer {raw}"},
            timeout=10,
        )
        assert response.status_code == 201, response.text
        tables.append(Table(response.json()["id"], flatten(sim.transcript)))
    return raw, tables


def log_table(
    url: str,
    raw: str,
    table: Table,
    outcome: Outcome,
    lock: threading.Lock,
    *,
    patience: float,
    retry_on: frozenset[int] = frozenset({503}),
    pace: float = 0.0,
    stop: threading.Event | None = None,
) -> None:
    """Post every event of `table` one request at a time (`pace` seconds apart; until `stop`
    is set, if given); on a dropped connection or a status of `retry_on` (a 503; a 502 or
    504 too through nginx, whose upstream may be restarting), retry with the same key and
    body until `patience` seconds pass."""
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {raw}"
    version = 1
    for i, event in enumerate(table.events):
        if stop is not None and stop.is_set():
            return
        key = f"{table.id}:{i}"
        deadline = time.monotonic() + patience
        while True:
            try:
                response = session.post(
                    f"{url}/api/v1/tables/{table.id}/events",
                    json={"expected_version": version, "events": [event]},
                    headers={"Idempotency-Key": key},
                    timeout=15,
                )
            except requests.RequestException:
                response = None
            with lock:
                if response is not None:
                    outcome.statuses.append(response.status_code)
                if response is None or response.status_code in retry_on:
                    outcome.retries += 1
                    if response is not None:
                        outcome.unavailable.append(response)
                elif response.status_code == 201:
                    version = response.json()["version"]
                    outcome.acknowledged[key] = version
                    outcome.replayed += response.headers.get("Idempotent-Replayed") == "true"
                    break
                else:
                    outcome.unexpected.append(f"{response.status_code} {response.text[:300]}")
                    return
            if time.monotonic() > deadline:
                with lock:
                    outcome.unexpected.append(f"{key}: gave up after {patience}s")
                return
            time.sleep(0.05)
        time.sleep(pace)


def log_concurrently(
    url: str,
    raw: str,
    tables: list[Table],
    *,
    patience: float = 60,
    during: Callable[[], None] | None = None,
    **how: Any,
) -> Outcome:
    """Every table logged by a thread of its own (`how`: `log_table`'s `retry_on`, `pace`,
    `stop`) while `during` runs."""
    outcome = Outcome()
    lock = threading.Lock()
    threads = [
        threading.Thread(
            target=log_table,
            args=(url, raw, t, outcome, lock),
            kwargs={"patience": patience, **how},
        )
        for t in tables
    ]
    for thread in threads:
        thread.start()
    if during is not None:
        during()
    for thread in threads:
        thread.join(patience * 4)
    return outcome


def check_log(tables: list[Table], outcome: Outcome, *, whole: bool = True) -> None:
    """Every event acknowledged once, in order, nothing half-written, the chain intact
    (`whole`: every event of each table was to be posted; else those acknowledged)."""
    from django.db import connection

    from eventlog import read_stream, verify_chain

    connection.close()  # a fresh connection: the server may have restarted
    assert outcome.unexpected == []
    for table in tables:
        stored = read_stream(stream=f"table-{table.id}")
        assert [e.version for e in stored] == list(range(1, len(stored) + 1))
        prefix = f"table-{table.id}:"
        keys = [
            str(e.metadata["idempotency_key"]).removeprefix(prefix)
            for e in stored
            if e.metadata.get("idempotency_key")
        ]
        count = len(table.events)
        if not whole:
            count = sum(key.startswith(f"{table.id}:") for key in outcome.acknowledged)
        posted = [f"{table.id}:{i}" for i in range(count)]
        # Everything but TableCreated came from a post: each exactly once (its events
        # side by side), in the order posted.
        assert [k for k, _ in itertools.groupby(keys)] == posted
        for key in posted:
            assert key in outcome.acknowledged
    report = verify_chain()
    assert report.ok, report
