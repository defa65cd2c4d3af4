"""The engine's A/B (docs/performance.md, "Why every target is a ratio"): the
engine of a git ref (``BENCH_ENGINE_AB_REF``, default ``main``) loaded beside this one as
a second package, ``oldengine``, both checked to rule alike, then alternated on the same
prepared louisiana transcripts in one process (process CPU time, best of
``BENCH_ENGINE_AB_ROUNDS``), with `json.loads` of the same transcripts; then the
bytecodes, Python calls and C calls per deal of each (exact: they do not move with load).

    python -m bench engine_ab                       # against main
    BENCH_ENGINE_AB_REF=HEAD~1 python -m bench engine_ab
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from bench._common import machine
from games.engine.simulate import random_sitting

ROOT = Path(__file__).resolve().parent.parent
DEALS = int(os.environ.get("BENCH_ENGINE_AB_DEALS", "300"))
ROUNDS = int(os.environ.get("BENCH_ENGINE_AB_ROUNDS", "20"))
COUNTED = 60  # deals traced for the exact counts


def _old_engine(ref: str) -> ModuleType:
    scratch = Path(tempfile.mkdtemp(prefix="engine-ab-"))
    archive = subprocess.run(
        ["git", "archive", ref, "games/engine"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(scratch)], input=archive, check=True)
    (scratch / "games" / "engine").rename(scratch / "oldengine")
    sys.path.insert(0, str(scratch))
    return importlib.import_module("oldengine")


def _prepared(engine: ModuleType, hidden: bool, deals: int) -> list[tuple[Any, list[Any]]]:
    transcript = importlib.import_module(engine.__name__ + ".transcript")
    out = []
    for doc in _docs(hidden, deals):
        state, listed = transcript.open_transcript(doc)
        out.append((state, [e for _, _, e in transcript.transcript_events(listed)]))
    return out


def _ruled(engine: ModuleType, prepared: list[tuple[Any, list[Any]]]) -> list[Any]:
    out: list[Any] = []
    for state, events in prepared:
        for event in events:
            state, rulings = engine.apply(state, event)
            out.append([r.as_dict() for r in rulings])
        out.append(dict(state.balances))
    return out


def _cpu(engine: ModuleType, prepared: list[tuple[Any, list[Any]]]) -> float:
    apply = engine.apply
    start = time.process_time()
    for state, events in prepared:
        for event in events:
            state, _ = apply(state, event)
    return time.process_time() - start


def _counts(engine: ModuleType, prepared: list[tuple[Any, list[Any]]]) -> tuple[int, int, int]:
    seen = {"op": 0, "call": 0, "c_call": 0}

    def trace(frame: Any, event: str, arg: Any) -> Any:
        if event == "call":
            seen["call"] += 1
            frame.f_trace_opcodes, frame.f_trace_lines = True, False
        elif event == "opcode":
            seen["op"] += 1
        return trace

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "c_call":
            seen["c_call"] += 1

    sys.setprofile(profile)
    sys.settrace(trace)
    try:
        _cpu(engine, prepared)
    finally:
        sys.settrace(None)
        sys.setprofile(None)
    return seen["op"], seen["call"], seen["c_call"]


def main() -> None:
    import games.engine as new

    ref = os.environ.get("BENCH_ENGINE_AB_REF", "main")
    old = _old_engine(ref)
    print(machine())
    print(f"louisiana, {DEALS} deals, best of {ROUNDS} alternated; old = {ref}")
    for hidden in (False, True):
        mode = "hidden" if hidden else "logged"
        on_new, on_old = _prepared(new, hidden, DEALS), _prepared(old, hidden, DEALS)
        if _ruled(new, on_new) != _ruled(old, on_old):
            raise SystemExit(f"hands {mode}: the two engines rule differently")
        texts = [json.dumps(doc) for doc in _docs(hidden)]
        best = {"old": float("inf"), "new": float("inf"), "json": float("inf")}
        for _ in range(ROUNDS):
            best["old"] = min(best["old"], _cpu(old, on_old))
            best["new"] = min(best["new"], _cpu(new, on_new))
            start = time.process_time()
            [json.loads(text) for text in texts]  # kept, as bench/engine.py keeps them
            best["json"] = min(best["json"], time.process_time() - start)
        rate = {k: DEALS / v for k, v in best.items()}
        print(
            f"hands {mode}: old {rate['old']:,.0f} new {rate['new']:,.0f} deals/s"
            f" ({rate['new'] / rate['old'] - 1:+.0%}); json.loads {rate['json']:,.0f} deals/s;"
            f" share old {rate['old'] / rate['json']:.1%} new {rate['new'] / rate['json']:.1%};"
            f" load {os.getloadavg()[0]:.1f}"
        )
        for name, engine in (("old", old), ("new", new)):
            ops, calls, c_calls = _counts(engine, _prepared(engine, hidden, COUNTED))
            print(
                f"  {name}: per deal {ops / COUNTED:,.0f} bytecodes, {calls / COUNTED:,.0f}"
                f" Python calls, {c_calls / COUNTED:,.0f} C calls"
            )


def _docs(hidden: bool, deals: int = DEALS) -> list[dict[str, Any]]:
    """The transcripts bench/engine.py rules: one random deal each, seeds 0, 1, ..."""
    docs = []
    for seed in range(deals):
        sim = random_sitting(random.Random(seed), "louisiana", 5, 1, renege_chance=0.02)
        doc = copy.deepcopy(sim.transcript)
        if hidden:
            for deal in doc["deals"]:
                deal.pop("hands", None)
        docs.append(doc)
    return docs


if __name__ == "__main__":
    main()
