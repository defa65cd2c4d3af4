"""Card plays logged through the HTTP API, served as `make run` serves it (scripts/serve.sh:
gunicorn with bourre_site/gunicorn_conf.py, a Celery worker and beat), against the bare
INSERT baseline of the same run.

Each client has its own table and its own keep-alive connection, and logs one event per
request, as a table app does: the deal and declarations of a five-player louisiana deal
(untimed), then its 20 card plays (timed), over and over. Every request runs the whole
path: key check, the table loaded (the snapshot kept by the process, or read), the engine's
decision, the save with the rulings (the snapshot row, the append, the ledger when chips
move), the wake-ups of the followers.
With several clients the tables belong to several clubs (8 tables of 4 clubs).
"""

from __future__ import annotations

import http.client
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings

from bench._common import Measurement, machine, print_table, timed_clients
from bench._server import Server
from bench.eventstore import ROUNDS, _prepare_baseline_table, bare_insert
from clubs.services import api_key_create, club_create

PLAYS = int(os.environ.get("BENCH_API_PLAYS", "600"))
# Card plays ask for the lean answer (docs/api.md): the table's state is not re-sent with
# each play. `BENCH_API_PREFER=` (empty) measures the default, whole-state answer.
PREFER = os.environ.get("BENCH_API_PREFER", "return=minimal")
ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "tests" / "conformance" / "cases" / "louisiana-02-tie-bourre-lone.json"
CLUBS = 4


def _deal_script() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    transcript = json.loads(CASE.read_text())["transcript"]
    deal = transcript["deals"][0]
    header = {"deal": {k: v for k, v in deal.items() if k != "actions"}}
    return transcript, [header, *deal["actions"]]


def club_keys(count: int = CLUBS) -> list[str]:
    """A scorekeeper key for each of `count` fresh clubs."""
    keys = []
    for n in range(count):
        club = club_create(name=f"bench-{os.getpid()}-{time.time_ns()}-{n}")
        keys.append(api_key_create(club=club, name="bench", role="scorekeeper")[1])
    return keys


class TableClient:
    """One table app: a keep-alive connection and the table's version."""

    def __init__(self, port: int, key: str, transcript: dict[str, Any]) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        if PREFER:
            self.headers["Prefer"] = PREFER
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


class PlayingTable(TableClient):
    """A table app playing its deal over and over: one event per step, the card plays timed
    (the deal and the declarations between them are not); warmed up by one whole deal."""

    def __init__(self, port: int, key: str, transcript: dict[str, Any], script: list[Any]):
        super().__init__(port, key, transcript)
        self.script, self.step_count = script, 0
        for event in script:
            self.log(event)

    def step(self) -> bool:
        event = self.script[self.step_count % len(self.script)]
        self.step_count += 1
        self.log(event)
        return "play" in event

    def close(self) -> None:
        self.conn.close()


def api_plays(
    port: int,
    keys: list[str],
    clients: int,
    plays: int = PLAYS,
    on_start: Callable[[], None] | None = None,
    on_end: Callable[[], None] | None = None,
) -> Measurement:
    """`plays` timed card plays from `clients` tables, client i in the club of keys[i % n];
    `on_start`/`on_end` run as the timed window opens and closes. The wall time includes the
    untimed deal and declarations: plays/s is a floor."""
    transcript, script = _deal_script()
    return timed_clients(
        "API card play",
        clients,
        plays,
        lambda index: PlayingTable(port, keys[index % len(keys)], transcript, script),
        on_start,
        on_end,
    )


def server_log() -> Path:
    path = Path(settings.BASE_DIR) / "var" / "run" / "bench-serve.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def main() -> None:
    _prepare_baseline_table()
    keys = club_keys()
    rows = []
    with Server(server_log()) as server:
        print(
            f"machine: {machine()}; scripts/serve.sh (gunicorn_conf.py, Celery worker, beat); "
            f"{ROUNDS} rounds, median shown; one event per request; server log {server.log}"
        )
        for clients in (1, 8):
            rounds: dict[str, list[Measurement]] = {}
            for _ in range(ROUNDS):
                for result in (bare_insert(clients), api_plays(server.port, keys, clients)):
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
    print_table(["case", "clients", "ops/s", "p50 ms", "p99 ms", "vs bare"], rows)
    print(
        "the targets compare the card play with the floor endpoint served beside it:"
        " `make bench BENCH=floor` (1 and 8 clients: >= 50% of the floor; p99 <= 2 x the"
        " floor's at 1 client, < 50 ms at 8)"
    )
