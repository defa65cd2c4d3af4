"""CPU of the statistics catch-up, in process: `python -m bench stats_cpu` (not in `make bench`).

The Celery worker's share of the 8-client load is the player-statistics projector's
catch-ups (docs/decisions/0030-the-statistics-catch-up-written-out.md). This replays the log
already in the database (a `make bench BENCH=workers` leaves one in `bourre_bench`) through
the projector's own batches, as the worker runs them, from a read model dropped to nothing:
`BENCH_STATS_BATCH` events a batch (300, about a second of the 8-client load), then the
empty look a caught-up run ends with. Per batch: this process's CPU (`time.process_time`),
its PostgreSQL backend's (from /proc), the statements sent, and the time the batch's
transaction stayed open; `BENCH_STATS_ROUNDS` (5) rounds, the median shown.
`BENCH_STATS_PROFILE=1` prints the cProfile of one round. The read model it ends with is
summed into a digest, so two versions of the projector can be compared for the same rows.
"""

from __future__ import annotations

import cProfile
import hashlib
import io
import os
import pstats
import time
from typing import Any

from django.db import connection

from followers.framework import DEFAULT_BATCH, _ensured
from followers.models import SubscriptionCheckpoint, SubscriptionClubCheckpoint
from projectors.framework import projector_batch, projector_get
from projectors.models import PlayerDayStats, PlayerStats, StatsTable

NAME = "player_stats"
BATCH = int(os.environ.get("BENCH_STATS_BATCH", "300"))
ROUNDS = int(os.environ.get("BENCH_STATS_ROUNDS", "5"))


def _backend_cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _reset() -> None:
    """The read model and its checkpoint back to the start of the log."""
    checkpoint = SubscriptionCheckpoint.objects.filter(name=NAME, active=True).first()
    if checkpoint is None:
        return
    projector_get(name=NAME).drop(generation=checkpoint.generation)
    SubscriptionClubCheckpoint.objects.filter(checkpoint=checkpoint).delete()
    SubscriptionCheckpoint.objects.filter(pk=checkpoint.pk).update(position=0, not_before=None)


def _digest() -> str:
    rows: list[Any] = []
    rows += sorted(map(str, PlayerStats.objects.values_list().order_by()))
    rows += sorted(map(str, PlayerDayStats.objects.values_list().order_by()))
    rows += sorted(
        str((s, c, p, seated, sorted(o.items())))
        for s, c, p, seated, o in StatsTable.objects.values_list(
            "stream", "club_id", "players", "seated", "open"
        )
    )
    # Ids and timestamps differ run to run: strip them by hashing the counted fields only.
    text = "\n".join(r.split(", ", 1)[1] if r.startswith("(") else r for r in rows)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class _Counter:
    def __init__(self) -> None:
        self.statements = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.statements += 1
        return execute(sql, params, many, context)


def _round(profile: cProfile.Profile | None) -> dict[str, float]:
    _reset()
    _ensured.discard(NAME)
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    counter = _Counter()
    cpu = backend = wall = 0.0
    batches = events = 0
    with connection.execute_wrapper(counter):
        while True:
            began, began_backend, began_wall = (
                time.process_time(),
                _backend_cpu(pid),
                time.perf_counter(),
            )
            if profile is not None:
                profile.enable()
            result = projector_batch(name=NAME, batch=BATCH)
            if profile is not None:
                profile.disable()
            cpu += time.process_time() - began
            backend += _backend_cpu(pid) - began_backend
            wall += time.perf_counter() - began_wall
            batches += 1
            events += result.processed
            if result.caught_up or not result.processed:
                break
    return {
        "batches": batches,
        "events": events,
        "cpu_ms": 1000 * cpu / batches,
        "backend_ms": 1000 * backend / batches,
        "wall_ms": 1000 * wall / batches,
        "statements": counter.statements / batches,
    }


def main() -> int:
    profiled = bool(os.environ.get("BENCH_STATS_PROFILE"))
    rounds = []
    for index in range(ROUNDS):
        profile = cProfile.Profile(time.process_time) if profiled and index == 0 else None
        rounds.append(_round(profile))
        if profile is not None:
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(45)
            print(out.getvalue())
    first = rounds[0]
    print(
        f"{first['events']:.0f} events in {first['batches']:.0f} batches of {BATCH}"
        f" (default {DEFAULT_BATCH}); load average {os.getloadavg()[0]:.2f};"
        f" read model digest {_digest()}"
    )
    for key in ("cpu_ms", "backend_ms", "wall_ms", "statements"):
        values = sorted(r[key] for r in rounds)
        print(
            f"  per batch {key:11} median {values[len(values) // 2]:7.2f}"
            f"  (min {values[0]:.2f}, max {values[-1]:.2f})"
        )
    return 0
