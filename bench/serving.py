"""Gunicorn worker class and count compared on the card-play load: `make bench BENCH=serving`.

For each configuration in BENCH_SERVING (default below; `class:workers:threads`, comma
separated; `class:workers:threads:nofreeze` without the workers' `gc.freeze()`,
bourre_site/gunicorn_conf.py) the server is started as `make run` starts it (scripts/serve.sh) with
BOURRE_GUNICORN_CLASS/_WORKERS/_THREADS set, and the floor endpoint is posted to
(bench/floor.py) and card plays are logged (bench/api.py) from 1 client and from 8 clients
on 8 tables of 4 clubs: the floor is served by the same processes, so a serving is chosen
on both. Configurations alternate over BENCH_ROUNDS rounds, so background load hits them
alike; the median round is shown.
"""

from __future__ import annotations

import os
import time

from bench import api, floor
from bench._common import Measurement, machine, print_table
from bench._server import Server
from bench.eventstore import ROUNDS

CONFIGS = os.environ.get("BENCH_SERVING", "sync:2:1,sync:3:1,sync:4:1,gthread:2:4,gthread:4:2")


def _run(config: str, keys: list[str]) -> dict[tuple[str, int], tuple[Measurement, float]]:
    worker_class, workers, threads, *rest = config.split(":")
    os.environ.update(
        BOURRE_GUNICORN_CLASS=worker_class,
        BOURRE_GUNICORN_WORKERS=workers,
        BOURRE_GUNICORN_THREADS=threads,
        BOURRE_GUNICORN_GC_FREEZE="0" if rest == ["nofreeze"] else "1",
    )
    try:
        with Server(api.server_log()) as server:
            out = {}
            for clients in (1, 8):
                window: dict[str, float] = {}
                start_floor = server.cpu()["gunicorn"]
                posts = floor.floor_posts(server.port, keys, clients, api.PLAYS)
                cpu = (server.cpu()["gunicorn"] - start_floor) * 1000 / posts.ops
                out[("floor", clients)] = (posts, cpu)

                def start(window: dict[str, float] = window) -> None:
                    window["cpu"] = server.cpu()["gunicorn"]

                def end(window: dict[str, float] = window) -> None:
                    window["cpu"] = server.cpu()["gunicorn"] - window["cpu"]

                plays = api.PLAYS // 2 if clients == 1 else api.PLAYS
                result = api.api_plays(
                    server.port, keys, clients, plays, on_start=start, on_end=end
                )
                out[("play", clients)] = (result, window["cpu"] * 1000 / result.ops)
            return out
    finally:
        for name in (
            "BOURRE_GUNICORN_CLASS",
            "BOURRE_GUNICORN_WORKERS",
            "BOURRE_GUNICORN_THREADS",
            "BOURRE_GUNICORN_GC_FREEZE",
        ):
            os.environ.pop(name, None)


def main() -> None:
    floor.prepare_floor_table()
    floor.served()
    keys = api.club_keys()
    configs = [c.strip() for c in CONFIGS.split(",") if c.strip()]
    rounds: dict[tuple[str, str, int], list[tuple[Measurement, float]]] = {}
    began = time.perf_counter()
    for _ in range(ROUNDS):
        for config in configs:
            for (kind, clients), measured in _run(config, keys).items():
                rounds.setdefault((config, kind, clients), []).append(measured)
    print(
        f"machine: {machine()}; load average {os.getloadavg()[0]:.1f}; {ROUNDS} round(s), "
        f"median shown; {time.perf_counter() - began:.0f} s"
    )
    rows = []
    for (config, kind, clients), results in sorted(rounds.items(), key=lambda i: i[0][2]):
        result, cpu = sorted(results, key=lambda r: r[0].ops_per_second)[len(results) // 2]
        rows.append(
            [
                config,
                kind,
                clients,
                f"{result.ops_per_second:,.0f}",
                f"{result.percentile(50):.1f}",
                f"{result.percentile(99):.1f}",
                f"{cpu:.1f}",
            ]
        )
    print_table(
        [
            "class:workers:threads",
            "case",
            "clients",
            "ops/s",
            "p50 ms",
            "p99 ms",
            "gunicorn CPU ms/op",
        ],
        rows,
    )
