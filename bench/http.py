"""Only the HTTP rows of the summary: `make bench BENCH=http` (a quick look at the card play
without the append, engine and replay sections; see bench/summary.py for how they are
measured: the 1-client and 8-client card plays, the CPU milliseconds per play of gunicorn,
PostgreSQL and the load generator, and the Celery worker's CPU)."""

from __future__ import annotations

import os

from bench import summary
from bench._common import machine


def main() -> int:
    rows = summary._http_rows()
    print(f"\nmachine: {machine()}; load average {os.getloadavg()[0]:.1f} at the end\n")
    print("| measure | baseline (this run) | figure | target | result |")
    print("|---|---|---|---|---|")
    for r in rows:
        result = "met" if r.met else "missed"
        print(f"| {r.measure} | {r.baseline} | {r.figure} | {r.target} | {result} |")
    for note in summary.NOTES:
        print(f"\n{note}")
    return 0
