"""The floor of an HTTP write: the cheapest authenticated DRF endpoint that appends one JSON
row in a transaction, served exactly as the card play is (`python -m bench floor`).

A card play over HTTP pays for serving (the socket, gunicorn, the WSGI hand-off), Django's
middleware, DRF (the key check, the parser, the renderer) and one transaction; a bare INSERT
pays for none of it, so it is no fair floor for a service. This view pays for all of it and
does nothing else: the club's key checked as every API view checks it, the posted body
parsed by the API's parser, one `INSERT` of it as a jsonb row inside `transaction.atomic()`,
a small JSON answer rendered by DRF. The summary (bench/summary.py) reports the card play as
a ratio to it, 1 client and 8 clients on 8 tables of 4 clubs, from the same server.

It is mounted at `/api/v1/bench/floor` only when the server runs with `BOURRE_BENCH_FLOOR=1`
(settings `BENCH_FLOOR`; bourre_site/urls.py), which the HTTP benchmarks set before they
start `scripts/serve.sh`: the very processes, settings and database that serve the plays.
The table it writes, `bench_floor`, is created by the benchmark (`prepare_floor_table`) in
the benchmark's database, beside the bare INSERT's.
"""

from __future__ import annotations

import http.client
import json
import os
from collections.abc import Callable
from typing import Any

from django.db import connection, transaction
from django.urls import path
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bench._common import Measurement, timed_clients
from clubs.api.permissions import IsScorekeeper, request_key

URL = "/api/v1/bench/floor"
ENVIRONMENT = "BOURRE_BENCH_FLOOR"
# The body a card play posts (bench/api.py), so both parse the same bytes.
BODY = {"expected_version": 7, "events": [{"play": {"seat": "ana", "card": "Q♥"}}]}


class FloorApi(APIView):
    """POST: the posted JSON as one row, in a transaction; 201 `{"id": ...}`.

    Authentication, parser and renderer are the API's defaults (settings.REST_FRAMEWORK);
    the permission is the card play's (a scorekeeper key)."""

    permission_classes = [IsScorekeeper]

    def post(self, request: Request) -> Response:
        body = json.dumps(request.data, ensure_ascii=False, separators=(",", ":"))
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO bench_floor (club, data) VALUES (%s, %s::jsonb) RETURNING id",
                [str(request_key(request).club_id), body],
            )
            (row,) = cursor.fetchone()
        return Response({"id": row}, status=status.HTTP_201_CREATED)


urlpatterns = [path("bench/floor", FloorApi.as_view(), name="bench-floor")]


def prepare_floor_table() -> None:
    """`bench_floor`, empty, writable by the application role (run by the benchmark, as the
    owner, before the server is started)."""
    import psycopg
    from django.conf import settings

    from bench.eventstore import _dsn

    owner, app = settings.OWNER_DATABASE, settings.APP_DATABASE
    with psycopg.connect(_dsn(owner), autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, "
            "club text NOT NULL, data jsonb NOT NULL, "
            "recorded_at timestamptz NOT NULL DEFAULT now())"
        )
        conn.execute("TRUNCATE bench_floor")
        if owner["USER"] != app["USER"]:
            conn.execute(f'GRANT SELECT, INSERT ON bench_floor TO "{app["USER"]}"')
            conn.execute(f'GRANT USAGE ON SEQUENCE bench_floor_id_seq TO "{app["USER"]}"')


def served() -> None:
    """Mount the floor in the servers this process starts from now on."""
    os.environ[ENVIRONMENT] = "1"


class FloorClient:
    """One client of the floor: a keep-alive connection with one club's key, warmed up by 20
    posts (as bench/api.py warms a table with a deal)."""

    url = URL

    def __init__(self, port: int, key: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        self.payload = json.dumps(BODY)
        for _ in range(20):
            self.step()

    def step(self) -> bool:
        self.conn.request("POST", self.url, self.payload, self.headers)
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 201:
            raise RuntimeError(f"POST {self.url}: {response.status} {data[:300]!r}")
        json.loads(data)  # as the play's client reads its answer
        return True

    def close(self) -> None:
        self.conn.close()


def floor_posts(
    port: int,
    keys: list[str],
    clients: int,
    posts: int,
    on_start: Callable[[], None] | None = None,
    on_end: Callable[[], None] | None = None,
) -> Measurement:
    """`posts` timed POSTs to the floor from `clients` keep-alive connections, client i with
    keys[i % n]."""
    return timed_clients(
        "floor POST",
        clients,
        posts,
        lambda index: FloorClient(port, keys[index % len(keys)]),
        on_start,
        on_end,
    )


def main() -> None:
    from bench import api
    from bench._common import machine, print_table
    from bench._server import Server
    from bench.eventstore import ROUNDS, _prepare_baseline_table, bare_insert

    _prepare_baseline_table()
    prepare_floor_table()
    served()
    keys = api.club_keys()
    rows: list[list[Any]] = []
    with Server(api.server_log()) as server:
        print(
            f"machine: {machine()}; scripts/serve.sh; {ROUNDS} rounds alternating, median "
            f"shown; floor at {URL}"
        )
        for clients in (1, 8):
            rounds: dict[str, list[Measurement]] = {}
            for _ in range(ROUNDS):
                for result in (
                    bare_insert(clients),
                    floor_posts(server.port, keys, clients, api.PLAYS),
                    api.api_plays(server.port, keys, clients),
                ):
                    rounds.setdefault(result.label, []).append(result)
            medians = {
                label: sorted(results, key=lambda r: r.ops_per_second)[len(results) // 2]
                for label, results in rounds.items()
            }
            floor = medians["floor POST"]
            for result in medians.values():
                rows.append(
                    [
                        result.label,
                        clients,
                        f"{result.ops_per_second:,.0f}",
                        f"{result.percentile(50):.2f}",
                        f"{result.percentile(99):.2f}",
                        f"{result.ops_per_second / floor.ops_per_second:.0%}",
                    ]
                )
    print_table(["case", "clients", "ops/s", "p50 ms", "p99 ms", "vs floor"], rows)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
