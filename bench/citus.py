"""Appends on single-node PostgreSQL against the local Citus cluster (``make bench
BENCH=citus``; docs/scaling.md, "Measured").

From 8 and 32 clients over 64 clubs (client i appends to club i mod 64, one event per
append, outside any transaction: one round trip each), on the single node (``var/pg``) and
on the cluster (``scripts/citus.sh``: the coordinator and two workers on this machine),
the same ``eventlog.append``. For each: appends per second, latency, the CPU per
append of every node (all of its PostgreSQL processes, read from /proc over the run) and
how the appends split over the workers. ``BENCH_OPS`` appends per case.

One machine cannot show a cluster's speed-up: its nodes share the same cores, so the
figures to read are the CPU each node spends per append, which is what N separate
machines would each spend.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import dj_database_url
from django.db import connections

from bench._common import Measurement, machine, measure, print_table
from eventlog import NewEvent, append
from table_stream import CARD_PLAYED

OPS = int(os.environ.get("BENCH_OPS", "2400"))
CLIENTS = tuple(int(n) for n in os.environ.get("BENCH_CLIENTS", "8,32").split(","))
CLUBS = 64
WARMUP = 20
PAYLOAD = {"seat": 3, "card": "Q♥", "trick": 4, "deal": 12, "note": "x" * 40}
ROOT = Path(__file__).resolve().parent.parent


def _alias(name: str, url: str) -> str:
    """A Django database alias for ``url`` (the bench's own, beside ``default``)."""
    config: dict[str, Any] = dict(dj_database_url.parse(url))
    config.update(ENGINE="bourre_site.postgres", CONN_MAX_AGE=0, CONN_HEALTH_CHECKS=False)
    config.setdefault("OPTIONS", {})["server_side_binding"] = True
    config.update(ATOMIC_REQUESTS=False, AUTOCOMMIT=True, TIME_ZONE=None, TEST={})
    connections.settings[name] = config
    return name


def _postmaster(data_dir: Path) -> int | None:
    try:
        return int((data_dir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _node_cpu(postmaster: int | None) -> float:
    """CPU seconds of a PostgreSQL instance: the postmaster and its children."""
    if postmaster is None:
        return 0.0
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == postmaster or int(fields[1]) == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _run(
    alias: str, clients: int, nodes: dict[str, int | None]
) -> tuple[Measurement, dict[str, Any]]:
    run = uuid.uuid4().hex[:8]
    clubs = [str(uuid.uuid4()) for _ in range(CLUBS)]
    events = [NewEvent(type=CARD_PLAYED, data=PAYLOAD)]
    pids: dict[int, int] = {}
    # Every client's connection stays open until the nodes' CPU is read: a backend that
    # exits takes its CPU time with it (on the cluster, the coordinator's backends and the
    # worker backends serving their connections).
    kept: list[Any] = []

    def setup(index: int) -> None:
        connections[alias].ensure_connection()
        pids[index] = connections[alias].connection.info.backend_pid
        kept.append(connections[alias].connection)

    def do_append(index: int, n: int) -> None:
        append(
            stream=f"bench-{run}-{index}",
            club=clubs[index % CLUBS],
            expected_version=None,
            events=events,
            metadata={"actor": "bench"},
            using=alias,
        )

    before = {name: _node_cpu(pid) for name, pid in nodes.items()}
    result = measure(
        f"{alias}, {CLUBS} clubs",
        clients=clients,
        ops_per_client=OPS // clients,
        operation=do_append,
        setup=setup,
        warmup=WARMUP,
        server_pids=lambda: list(pids.values()),
    )
    # The window runs from before the clients connect to after the last append: their
    # connections' set-up and the warm-up appends are in it (counted as appends).
    total_ops = result.ops + clients * WARMUP
    cpu = {name: (_node_cpu(pid) - before[name]) * 1e6 / total_ops for name, pid in nodes.items()}
    for raw in kept:
        raw.close()
    split = _split(alias, clubs) if alias == "cluster" else {}
    return result, {"cpu": cpu, "split": split}


def _port(data_dir: Path) -> int | None:
    for line in (data_dir / "postgresql.conf").read_text().splitlines():
        if line.startswith("port = "):
            return int(line.split("=")[1])
    return None


def _ports(alias: str) -> set[int]:
    """The ports of the cluster's nodes (a spare worker left running is not one)."""
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT nodeport FROM pg_dist_node")
        return {int(row[0]) for row in cursor.fetchall()}


def _split(alias: str, clubs: Sequence[str]) -> dict[str, int]:
    """Events of this run's clubs per worker (by where each club's shard is placed)."""
    with connections[alias].cursor() as cursor:
        cursor.execute(
            "SELECT p.nodeport, count(*) FROM eventstore_event e "
            "JOIN pg_dist_shard_placement p ON p.shardid = "
            "get_shard_id_for_distribution_column('eventstore_event', e.club_id) "
            "WHERE e.club_id = ANY(%s::uuid[]) GROUP BY p.nodeport ORDER BY p.nodeport",
            [list(clubs)],
        )
        return {str(port): int(count) for port, count in cursor.fetchall()}


def main() -> None:
    single_url = os.environ.get("BENCH_SINGLE_URL")
    cluster_url = os.environ.get("BENCH_CITUS_URL")
    if not single_url or not cluster_url:
        raise SystemExit(
            "BENCH=citus runs from scripts/bench.sh (BENCH_SINGLE_URL, BENCH_CITUS_URL)"
        )
    _alias("single", single_url)
    _alias("cluster", cluster_url)
    var = ROOT / "var"
    nodes_dir = var / "citus" / "nodes"
    cluster_nodes = {
        path.name: _postmaster(path / "data")
        for path in sorted(nodes_dir.iterdir())
        if _postmaster(path / "data") is not None and _port(path / "data") in _ports("cluster")
    }
    targets = [
        ("single", {"single": _postmaster(var / "pg" / "data")}),
        ("cluster", cluster_nodes),
    ]
    connections.close_all()
    print(f"machine: {machine()}; load before: {os.getloadavg()[0]:.1f}")
    rows = []
    for clients in CLIENTS:
        for alias, nodes in targets:
            result, extra = _run(alias, clients, nodes)
            cpu = extra["cpu"]
            rows.append(
                [
                    alias,
                    clients,
                    f"{result.ops_per_second:,.0f}",
                    f"{result.percentile(50):.2f}",
                    f"{result.percentile(99):.2f}",
                    f"{result.client_cpu_us or 0:,.0f}",
                    " ".join(f"{name} {value:,.0f}" for name, value in cpu.items()),
                    " ".join(f"{port}: {n}" for port, n in extra["split"].items()) or "-",
                ]
            )
    print_table(
        [
            "database",
            "clients",
            "appends/s",
            "p50 ms",
            "p99 ms",
            "client CPU µs/append",
            "node CPU µs/append (all its processes)",
            "events per worker (port)",
        ],
        rows,
    )
    print(f"load after: {os.getloadavg()[0]:.1f}")
