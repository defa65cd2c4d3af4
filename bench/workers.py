"""Where the Celery processes' CPU goes while 8 clients play (docs/decisions/, 0025 to 0030).

The summary's CPU row as a breakdown: the same server (`scripts/serve.sh`), the same
8-client load (`bench.api.api_plays`, `BENCH_WORKER_PLAYS` timed plays, default 1600) and
the same window (from the first timed play until the projectors have caught up and the
queue is empty), with each Celery process's CPU (the worker's main process, its pool
processes, beat) per second of load, and the tasks the worker received in that window, by
name, from the server's log.
"""

from __future__ import annotations

import os
import re
import time
from collections import Counter

from bench import api
from bench._server import Server, _cpu_seconds
from bench.summary import _drained

PLAYS = int(os.environ.get("BENCH_WORKER_PLAYS", "1600"))
RECEIVED = re.compile(r"Task ([\w.]+)\[[0-9a-f-]+\] received")


def _per_process(server: Server) -> dict[str, float]:
    pids = server.celery_pids()
    worker = sorted(pids.get("worker", []))
    out = {f"worker pid {pid}": _cpu_seconds(pid) for pid in worker}
    out.update({f"beat pid {pid}": _cpu_seconds(pid) for pid in pids.get("beat", [])})
    return out


def main() -> int:
    keys = api.club_keys(api.CLUBS)
    with Server(api.server_log()) as server:
        api.api_plays(server.port, keys[:1], 1, plays=80)  # warm up every process
        _drained(time.perf_counter() + 60)
        time.sleep(2.0)
        window: dict[str, dict[str, float]] = {}
        offset = {"log": 0}

        def start() -> None:
            window["start"] = _per_process(server)
            offset["log"] = server.log.stat().st_size

        play8 = api.api_plays(server.port, keys, 8, plays=PLAYS, on_start=start)
        drain = _drained(time.perf_counter() + 60)
        end = _per_process(server)
        with open(server.log, "rb") as log:
            log.seek(offset["log"])
            text = log.read().decode("utf-8", "replace")
    tasks = Counter(RECEIVED.findall(text))
    seconds = play8.seconds
    print(
        f"{play8.ops} timed plays from 8 clients in {seconds:.1f} s ({play8.ops_per_second:.0f}/s),"
        f" caught up {drain:.1f} s after; load average {os.getloadavg()[0]:.2f}"
    )
    total = 0.0
    for name, before in window["start"].items():
        used = end.get(name, before) - before
        total += used
        print(f"  {name:24} {used:6.2f} s CPU = {used / seconds:6.1%} of one core")
    print(f"  {'all Celery processes':24} {total:6.2f} s CPU = {total / seconds:6.1%} of one core")
    for name, count in tasks.most_common():
        print(f"  task {name:36} {count:5} received ({count / seconds:.1f}/s)")
    return 0
