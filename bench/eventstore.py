"""Event store append throughput and latency against a bare psycopg INSERT baseline.

Baseline: one INSERT of a comparable row per autocommit transaction into a plain table with
a primary key and jsonb, on the same server, same role, in the same run. Appends use
``eventlog.append`` outside any transaction (one round trip each), from 1, 8 and 32
clients spread over 8 clubs (client i appends to club i mod 8: clubs' partitions never wait
on each other), and, for comparison, from the same clients all in one club (every append
waits for the club's lock). ``BENCH_CLIENTS=1,8`` and ``BENCH_OPS`` make a quick run.
"""

from __future__ import annotations

import os
import uuid

import psycopg
from django.conf import settings
from django.db import connection, connections

from bench._common import Measurement, machine, measure, print_table
from eventlog import NewEvent, append
from table_stream import CARD_PLAYED

# 2,400 per case: at 600 (75 per client at 8 clients, a tenth of a second) the ratios moved
# by 5 to 10 points between runs.
OPS = int(os.environ.get("BENCH_OPS", "2400"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
CLIENTS = tuple(int(n) for n in os.environ.get("BENCH_CLIENTS", "1,8,32").split(","))
CLUBS = 8
PAYLOAD = {"seat": 3, "card": "Q♥", "trick": 4, "deal": 12, "note": "x" * 40}


def _dsn(config: dict) -> str:
    return psycopg.conninfo.make_conninfo(
        host=config["HOST"] or "127.0.0.1",
        port=str(config["PORT"] or 5432),
        user=config["USER"],
        password=config["PASSWORD"],
        dbname=connection.settings_dict["NAME"],
    )


def _prepare_baseline_table() -> None:
    owner, app = settings.OWNER_DATABASE, settings.APP_DATABASE
    with psycopg.connect(_dsn(owner), autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_bare_insert (id bigserial PRIMARY KEY, "
            "stream text NOT NULL, type text NOT NULL, data jsonb NOT NULL, "
            "metadata jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())"
        )
        if owner["USER"] != app["USER"]:
            conn.execute(f'GRANT SELECT, INSERT ON bench_bare_insert TO "{app["USER"]}"')
            conn.execute(f'GRANT USAGE ON SEQUENCE bench_bare_insert_id_seq TO "{app["USER"]}"')


def bare_insert(clients: int) -> Measurement:
    dsn = _dsn(settings.APP_DATABASE)
    conns: dict[int, psycopg.Connection] = {}
    body = psycopg.types.json.Jsonb(PAYLOAD)
    meta = psycopg.types.json.Jsonb({"actor": "bench"})

    pids: dict[int, int] = {}

    def setup(index: int) -> None:
        conns[index] = psycopg.connect(dsn, autocommit=True)
        pids[index] = conns[index].info.backend_pid

    def insert(index: int, n: int) -> None:
        conns[index].execute(
            "INSERT INTO bench_bare_insert (stream, type, data, metadata) VALUES (%s, %s, %s, %s)",
            ["bench", CARD_PLAYED, body, meta],
        )

    def teardown(index: int) -> None:
        conns.pop(index).close()

    return measure(
        "bare INSERT",
        clients=clients,
        ops_per_client=OPS // clients,
        operation=insert,
        setup=setup,
        teardown=teardown,
        server_pids=lambda: list(pids.values()),
    )


def store_append(clients: int, per_append: int, clubs: int = CLUBS) -> Measurement:
    run = uuid.uuid4().hex[:8]
    events = [NewEvent(type=CARD_PLAYED, data=PAYLOAD)] * per_append
    partitions = [str(uuid.uuid4()) for _ in range(clubs)]
    pids: dict[int, int] = {}

    def setup(index: int) -> None:
        connection.ensure_connection()  # this thread's own connection
        pids[index] = connection.connection.info.backend_pid

    def do_append(index: int, n: int) -> None:
        append(
            stream=f"bench-{run}-{index}",
            club=partitions[index % clubs],
            expected_version=None,
            events=events,
            metadata={"actor": "bench"},
        )

    where = f"{clubs} clubs" if clubs > 1 else "1 club"
    return measure(
        f"append x{per_append}, {where}",
        clients=clients,
        ops_per_client=OPS // clients // (1 if per_append == 1 else 4),
        operation=do_append,
        items_per_op=per_append,
        setup=setup,
        teardown=lambda index: connections.close_all(),
        server_pids=lambda: list(pids.values()),
    )


def main() -> None:
    _prepare_baseline_table()
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server = cursor.fetchone()[0]
    print(f"machine: {machine()}; PostgreSQL {server}; {ROUNDS} rounds, median shown")
    rows = []
    for clients in CLIENTS:
        # Rounds interleave the cases so background load hits them alike.
        rounds: dict[str, list[Measurement]] = {}
        for _ in range(ROUNDS):
            cases = [bare_insert(clients), store_append(clients, 1), store_append(clients, 10)]
            if clients > 1:
                cases.append(store_append(clients, 1, clubs=1))
            for result in cases:
                rounds.setdefault(result.label, []).append(result)
        medians = {
            label: sorted(results, key=lambda r: r.ops_per_second)[len(results) // 2]
            for label, results in rounds.items()
        }
        bare = medians["bare INSERT"]
        rows.extend(_row(result, bare) for result in medians.values())
    print_table(
        [
            "case",
            "clients",
            "appends/s",
            "events/s",
            "p50 ms",
            "p99 ms",
            "vs bare tx/s",
            "client CPU µs/op",
            "server CPU µs/op",
        ],
        rows,
    )
    print(
        "CPU per operation in the timed window: this process (every client thread) and the "
        "database backends of the clients' connections (n/a: not readable from /proc)."
    )


def _row(result: Measurement, bare: Measurement) -> list[object]:
    return [
        result.label,
        result.clients,
        f"{result.ops_per_second:,.0f}",
        f"{result.items_per_second:,.0f}",
        f"{result.percentile(50):.2f}",
        f"{result.percentile(99):.2f}",
        f"{result.ops_per_second / bare.ops_per_second:.0%}",
        _cpu(result.client_cpu_us),
        _cpu(result.server_cpu_us),
    ]


def _cpu(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"
