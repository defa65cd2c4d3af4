"""Where the card play's tail comes from: `make bench BENCH=tail` (not part of `make bench`).

The summary's 1-client p99 is one number over every timed play; this splits the plays by
what they do, from the same server (`scripts/serve.sh`) and the same deal as bench/api.py:

- a **plain** play (a card on the trick: the fold, the save);
- a **trick-ending** play (the trick's winner ruled);
- the **deal-ending** play (the deal settled: ledger legs booked and a deal summary
  written in the same transaction), one play in twenty;

and prints p50, p90, p99 and the worst of each, beside the floor endpoint's at 1 client,
over BENCH_TAIL_ROUNDS rounds (2) of BENCH_API_PLAYS timed plays alternating with as many
floor posts. With p99 taken over all plays, the one-in-twenty deal-ending play decides it
once it is the slowest kind. BENCH_TAIL_CLIENTS (1) runs the same with more tables at once
(8 tables of 4 clubs, as the summary's 8-client row).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from bench import api, floor
from bench._common import machine, print_table, timed_clients
from bench._server import Server

ROUNDS = int(os.environ.get("BENCH_TAIL_ROUNDS", "2"))
CLIENTS = int(os.environ.get("BENCH_TAIL_CLIENTS", "1"))


def kinds_of(script: list[dict[str, Any]]) -> list[str]:
    """Each step's kind: `deal`, `declare`, and for the card plays `plain`, `trick end` or
    `deal end` (a trick is one card from each player who declared to play)."""
    players = sum(1 for step in script if step.get("declare") == "play")
    plays = [n for n, step in enumerate(script) if "play" in step]
    kinds = ["deal" if "deal" in step else "declare" for step in script]
    for count, n in enumerate(plays, 1):
        ends_trick = count % players == 0
        kinds[n] = "deal end" if n == plays[-1] else "trick end" if ends_trick else "plain"
    return kinds


class _ByKind:
    """A table of `api.PlayingTable` whose every step's latency is noted by its kind (what
    `timed_clients` times is the card plays alone); merged into `out` as it closes."""

    def __init__(self, table: api.PlayingTable, kinds: list[str], out: dict[str, list[float]],
                 lock: threading.Lock) -> None:  # fmt: skip
        self.table, self.kinds, self.out, self.lock = table, kinds, out, lock
        self.own: dict[str, list[float]] = {}

    def step(self) -> bool:
        kind = self.kinds[self.table.step_count % len(self.kinds)]
        began = time.perf_counter()
        timed = self.table.step()
        self.own.setdefault(kind, []).append((time.perf_counter() - began) * 1000)
        return timed

    def close(self) -> None:
        self.table.close()
        with self.lock:
            for kind, values in self.own.items():
                self.out.setdefault(kind, []).extend(values)


def _plays(port: int, keys: list[str], clients: int, plays: int) -> dict[str, list[float]]:
    """`plays` timed card plays from `clients` tables; every step's latency by its kind."""
    transcript, script = api._deal_script()
    kinds = kinds_of(script)
    out: dict[str, list[float]] = {}
    lock = threading.Lock()

    def open_client(index: int) -> _ByKind:
        table = api.PlayingTable(port, keys[index % len(keys)], transcript, script)
        return _ByKind(table, kinds, out, lock)

    timed_clients("tail", clients, plays, open_client)
    out["all plays"] = [v for k in ("plain", "trick end", "deal end") for v in out.get(k, [])]
    return out


def _pct(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def main() -> None:
    floor.prepare_floor_table()
    floor.served()
    keys = api.club_keys(api.CLUBS)
    merged: dict[str, list[float]] = {}
    with Server(api.server_log()) as server:
        api.api_plays(server.port, keys, CLIENTS, 80)  # warm every process
        began = time.perf_counter()
        for _ in range(ROUNDS):
            posts = floor.floor_posts(server.port, keys, CLIENTS, api.PLAYS)
            merged.setdefault("floor POST", []).extend(posts.latencies_ms)
            for kind, values in _plays(server.port, keys, CLIENTS, api.PLAYS).items():
                merged.setdefault(kind, []).extend(values)
        seconds = time.perf_counter() - began
    print(
        f"machine: {machine()}; {CLIENTS} client(s), {ROUNDS} rounds of {api.PLAYS} plays and"
        f" as many floor posts, alternating; {seconds:.0f} s; load average"
        f" {os.getloadavg()[0]:.2f} at the end"
    )
    floor_p99 = _pct(merged["floor POST"], 99)
    order = ["floor POST", "all plays", "plain", "trick end", "deal end", "deal", "declare"]
    rows = []
    for kind in order:
        values = merged.get(kind, [])
        if not values:
            continue
        rows.append(
            [
                kind,
                len(values),
                f"{_pct(values, 50):.1f}",
                f"{_pct(values, 90):.1f}",
                f"{_pct(values, 99):.1f}",
                f"{max(values):.1f}",
                f"{_pct(values, 99) / floor_p99:.1f}",
            ]
        )
    print_table(["requests", "n", "p50 ms", "p90 ms", "p99 ms", "max ms", "p99/floor p99"], rows)
