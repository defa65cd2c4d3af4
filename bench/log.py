"""The transparency log (docs/transparency.md) on a tree of 1,000,000 leaves: the follower's
tree update per event (the pure growth and with its tiles written), a checkpoint's
issuance (the root from the tiles, the Ed25519 signature), inclusion and consistency
proofs (their size, and their time read from PostgreSQL), and a tile served over Django.

The tree belongs to a club of its own with no events (``BENCH_CLUB``): the bench grows it
from random leaf hashes once and reuses it (its tiles are written once and never
deleted). The card play rows are `make bench BENCH=api`'s: the tree is grown by a
follower, never on the request, so this bench does not touch them.

Knobs: ``BENCH_LOG_EVENTS`` (default 1,000,000), ``BENCH_LOG_PROOFS`` (default 300).
"""

from __future__ import annotations

import os
import random
import statistics
import time

from django.db import transaction
from django.test import Client

from bench._common import print_table
from tlog import merkle
from tlog.note import Checkpoint, sign_note
from tlog.tiles import grow, tile_path
from transparency.keys import log_key, origin
from transparency.models import Tree
from transparency.store import tiles_save, tree_view

BENCH_CLUB = "b0b0b0b0-0000-4000-8000-000000000001"
BATCH = 500  # the follower's batch (followers.framework.DEFAULT_BATCH)


def _leaves(n: int, rng: random.Random) -> list[bytes]:
    return [rng.randbytes(32) for _ in range(n)]


def _grow_to(size: int) -> tuple[float, float]:
    """Grow the bench club's tree to ``size``; the per-event microseconds of the pure
    growth and of the whole update (growth, tiles written, the tree row moved)."""
    rng = random.Random(1)
    tree, _ = Tree.objects.get_or_create(club_id=BENCH_CLUB)
    pure = whole = 0.0
    grown_events = 0
    while tree.size < size:
        leaves = _leaves(min(BATCH, size - tree.size), rng)
        started = time.perf_counter()
        with transaction.atomic():
            t0 = time.perf_counter()
            result = grow(tree.size, bytes(tree.pending), leaves)
            pure += time.perf_counter() - t0
            tiles_save(BENCH_CLUB, result.full_tiles)
            Tree.objects.filter(club_id=BENCH_CLUB).update(size=result.size, pending=result.pending)
        whole += time.perf_counter() - started
        tree.size, tree.pending = result.size, result.pending
        grown_events += len(leaves)
    if not grown_events:
        return 0.0, 0.0
    return pure * 1e6 / grown_events, whole * 1e6 / grown_events


def _timed(fn, reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return sorted(out)


def _row(label: str, ms: list[float], extra: str = "") -> list[object]:
    return [label, f"{statistics.median(ms):.2f}", f"{ms[int(len(ms) * 0.99) - 1]:.2f}", extra]


def main() -> int:
    size = int(os.environ.get("BENCH_LOG_EVENTS", "1000000"))
    proofs = int(os.environ.get("BENCH_LOG_PROOFS", "300"))
    started = time.perf_counter()
    pure_us, whole_us = _grow_to(size)
    size = tree_view(BENCH_CLUB).size
    print(f"tree of {size:,} leaves ready in {time.perf_counter() - started:.1f} s")
    # A fresh tree's growth per event; a reused tree is measured on 20,000 more leaves.
    if not whole_us:
        extra = 20_000
        pure_us, whole_us = _grow_to(size + extra)
        size += extra
    rng = random.Random(2)
    key, name = log_key(), origin(BENCH_CLUB)

    def issue() -> None:
        view = tree_view(BENCH_CLUB)
        root = view.compute(lambda node: merkle.tree_hash(node, view.size))
        text = Checkpoint(name, view.size, root).text
        sign_note(text, name, key)

    sizes: list[int] = []

    def inclusion() -> None:
        index = rng.randrange(size)
        view = tree_view(BENCH_CLUB)
        proof = view.compute(lambda node: merkle.inclusion_proof(node, index, size))
        sizes.append(len(proof))

    def consistency() -> None:
        old = rng.randrange(1, size)
        view = tree_view(BENCH_CLUB)
        view.compute(lambda node: merkle.consistency_proof(node, old, size))

    client = Client(HTTP_HOST="127.0.0.1")
    paths = [
        f"/bourre/{BENCH_CLUB}/{tile_path(0, rng.randrange(size // 256))}" for _ in range(proofs)
    ]

    def tile() -> None:
        assert client.get(paths.pop()).status_code == 200

    rows = [
        ["tree update, pure growth (per event)", f"{pure_us:.2f} us", "", "tlog.tiles.grow"],
        ["tree update, with tiles written (per event)", f"{whole_us:.2f} us", "",
         f"batches of {BATCH}, one transaction each"],
        _row("checkpoint issued (root from tiles, signed)", _timed(issue, 50)),
        _row("inclusion proof from PostgreSQL", _timed(inclusion, proofs),
             f"{min(sizes)}-{max(sizes)} hashes"),
        _row("consistency proof from PostgreSQL", _timed(consistency, proofs)),
        _row("a full tile served (Django, in process)", _timed(tile, proofs), "8,192 bytes"),
    ]  # fmt: skip
    print(f"\nTransparency log on {size:,} leaves (ms unless said)")
    print_table(["what", "median", "p99", "notes"], rows)
    return 0
