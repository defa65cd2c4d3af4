"""Card plays logged through the HTTP API (gunicorn, keep-alive) against the bare INSERT
baseline of the same run.

Each client has its own table and its own keep-alive connection, and logs one event per
request, as a table app does: the deal and declarations of a five-player louisiana deal
(untimed), then its 20 card plays (timed), over and over. Every request runs the whole
path: key check, row lock on the table state, engine fold, append with the rulings,
inline projections (table state, ledger), commit.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from django.db import connection

from bench._common import Measurement, machine, print_table
from bench.eventstore import ROUNDS, _prepare_baseline_table, bare_insert
from clubs.services import api_key_create, club_create

PLAYS = int(os.environ.get("BENCH_API_PLAYS", "600"))
ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "tests" / "conformance" / "cases" / "louisiana-02-tie-bourre-lone.json"


def _deal_script() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    transcript = json.loads(CASE.read_text())["transcript"]
    deal = transcript["deals"][0]
    header = {"deal": {k: v for k, v in deal.items() if k != "actions"}}
    return transcript, [header, *deal["actions"]]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_gunicorn(port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="bourre_site.settings.local", DJANGO_DEBUG="0")
    process = subprocess.Popen(
        [
            sys.executable, "-m", "gunicorn", "bourre_site.wsgi:application",
            "--bind", f"127.0.0.1:{port}", "--workers", "4", "--worker-class", "gthread",
            "--threads", "2", "--keep-alive", "30", "--log-level", "warning",
        ],
        cwd=ROOT,
        env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/health/")
            if conn.getresponse().status == 200:
                conn.close()
                return process
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise RuntimeError("gunicorn did not start")


class TableClient:
    """One table app: a keep-alive connection and the table's version."""

    def __init__(self, port: int, key: str, transcript: dict[str, Any]) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        body = {
            "name": "bench",
            "variant": transcript["variant"],
            "players": transcript["players"],
            "options": {"pot_limit": 50},
        }
        created = self._call("POST", "/api/v1/tables", body, 201)
        self.table, self.version = created["id"], created["version"]

    def _call(self, method: str, path: str, body: Any, expect: int) -> Any:
        self.conn.request(method, path, json.dumps(body), self.headers)
        response = self.conn.getresponse()
        data = json.loads(response.read())
        if response.status != expect:
            raise RuntimeError(f"{method} {path}: {response.status} {data}")
        return data

    def log(self, event: dict[str, Any]) -> None:
        body = {"expected_version": self.version, "events": [event]}
        self.version = self._call("POST", f"/api/v1/tables/{self.table}/events", body, 201)[
            "version"
        ]


def api_plays(port: int, key: str, clients: int) -> Measurement:
    transcript, script = _deal_script()
    per_client = PLAYS // clients
    latencies: list[list[float]] = [[] for _ in range(clients)]
    barrier = threading.Barrier(clients + 1)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            app = TableClient(port, key, transcript)
            for event in script:  # warm-up: one whole deal
                app.log(event)
            barrier.wait()
            own, step = latencies[index], 0
            while len(own) < per_client:
                event = script[step % len(script)]
                step += 1
                if "play" not in event:
                    app.log(event)
                    continue
                started = time.perf_counter()
                app.log(event)
                own.append((time.perf_counter() - started) * 1000)
            barrier.wait()
            app.conn.close()
        except BaseException as error:
            errors.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    barrier.wait()
    # Wall time includes the untimed deal/declare requests: plays/s is a floor.
    seconds = time.perf_counter() - started
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    flat = [value for own in latencies for value in own]
    return Measurement("API card play", clients, len(flat), seconds, flat)


def main() -> None:
    _prepare_baseline_table()
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server = cursor.fetchone()[0]
    club = club_create(name=f"bench-{os.getpid()}-{time.time_ns()}")
    _, key = api_key_create(club=club, name="bench", role="scorekeeper")
    port = _free_port()
    process = _start_gunicorn(port)
    print(
        f"machine: {machine()}; PostgreSQL {server}; gunicorn gthread 4x2 keep-alive; "
        f"{ROUNDS} rounds, median shown; one event per request"
    )
    rows = []
    try:
        for clients in (1, 4):
            rounds: dict[str, list[Measurement]] = {}
            for _ in range(ROUNDS):
                for result in (bare_insert(clients), api_plays(port, key, clients)):
                    rounds.setdefault(result.label, []).append(result)
            medians = {
                label: sorted(results, key=lambda r: r.ops_per_second)[len(results) // 2]
                for label, results in rounds.items()
            }
            bare = medians["bare INSERT"]
            for result in medians.values():
                rows.append(
                    [
                        result.label,
                        result.clients,
                        f"{result.ops_per_second:,.0f}",
                        f"{result.percentile(50):.2f}",
                        f"{result.percentile(99):.2f}",
                        f"{result.ops_per_second / bare.ops_per_second:.0%}",
                    ]
                )
    finally:
        process.terminate()
        process.wait(timeout=20)
    print_table(["case", "clients", "ops/s", "p50 ms", "p99 ms", "vs bare"], rows)
    print("targets: API card play >= 25% of bare INSERT at 1 client, p99 < 25 ms")
