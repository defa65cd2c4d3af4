"""The tree, its tiles and proofs against the RFC's recursive definition, computed naively."""

from __future__ import annotations

import hashlib
import random

import pytest

from tlog import merkle, tiles
from tlog.merkle import ProofError, leaf_hash, node_hash


def mth(leaves: list[bytes]) -> bytes:
    """RFC 6962 section 2.1, as written."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return leaves[0]
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    return node_hash(mth(leaves[:k]), mth(leaves[k:]))


def direct_reader(leaves: list[bytes]) -> merkle.NodeReader:
    return lambda h, i: mth(leaves[i << h : (i + 1) << h])


def tiled(leaves: list[bytes], step: int = 97) -> tuple[tiles.Grown, merkle.NodeReader]:
    """The leaves grown into tiles a few at a time, and a node reader over the tiles."""
    grown = tiles.Grown(0, b"", [])
    stored: dict[tuple[int, int], bytes] = {}
    for start in range(0, len(leaves), step):
        grown = tiles.grow(grown.size, grown.pending, leaves[start : start + step])
        for level, index, data in grown.full_tiles:
            assert (level, index) not in stored
            stored[(level, index)] = data
    edge = tiles.pending_split(grown.size, grown.pending)

    def read(level: int, start: int, end: int) -> bytes:
        out = b""
        for n in range(start // 256, (end - 1) // 256 + 1):
            data = stored.get((level, n)) or edge[level]
            lo, hi = max(start, n * 256) - n * 256, min(end, n * 256 + 256) - n * 256
            out += data[lo * 32 : hi * 32]
        return out

    return grown, lambda h, i: tiles.node_from_levels(read, h, i)


LEAVES = [leaf_hash(f"leaf {i}".encode()) for i in range(70_000 // 50)]


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 255, 256, 257, 511, 512, 513, 1000, 1400])
def test_tiles_give_the_rfc_root_and_proofs(size):
    leaves = LEAVES[:size]
    grown, node = tiled(leaves)
    assert grown.size == size
    assert merkle.tree_hash(node, size) == mth(leaves)
    assert merkle.root_of(leaves) == mth(leaves)
    for index in {0, size // 2, size - 1}:
        proof = merkle.inclusion_proof(node, index, size)
        assert proof == merkle.inclusion_proof(direct_reader(leaves), index, size)
        merkle.verify_inclusion(leaves[index], index, size, proof, mth(leaves))
    for old in {1, size // 3 or 1, size - 1 or 1, size}:
        proof = merkle.consistency_proof(node, old, size)
        merkle.verify_consistency(old, size, mth(leaves[:old]), mth(leaves), proof)


def test_every_small_proof_checks_and_a_changed_one_fails():
    rng = random.Random(7)
    for size in range(1, 40):
        leaves = LEAVES[:size]
        node = direct_reader(leaves)
        root = mth(leaves)
        for index in range(size):
            proof = merkle.inclusion_proof(node, index, size)
            merkle.verify_inclusion(leaves[index], index, size, proof, root)
            with pytest.raises(ProofError, match=f"index {index}"):
                merkle.verify_inclusion(LEAVES[-1], index, size, proof, root)
            if proof:
                bad = list(proof)
                bad[rng.randrange(len(bad))] = bytes(32)
                with pytest.raises(ProofError):
                    merkle.verify_inclusion(leaves[index], index, size, bad, root)
        for old in range(1, size + 1):
            proof = merkle.consistency_proof(node, old, size)
            merkle.verify_consistency(old, size, mth(leaves[:old]), root, proof)
            if old < size:
                forked = [*leaves[: old - 1], LEAVES[-1]]
                with pytest.raises(ProofError):
                    merkle.verify_consistency(old, size, mth(forked), root, proof)


def test_a_fork_and_a_truncation_are_named():
    with pytest.raises(ProofError, match="forked"):
        merkle.verify_consistency(5, 5, mth(LEAVES[:5]), mth(LEAVES[1:6]), [])
    with pytest.raises(ProofError, match="shrank"):
        merkle.verify_consistency(6, 5, mth(LEAVES[:6]), mth(LEAVES[:5]), [])


def test_the_partial_widths_follow_the_spec_example():
    # tlog-tiles: a tree of 70,000 has 273 full level-0 tiles and a partial one of 112, one
    # full level-1 tile and a partial one of 17, and a partial level-2 tile of 1.
    size = 70_000
    assert (tiles.level_count(size, 0) // 256, tiles.partial_width(size, 0)) == (273, 112)
    assert (tiles.level_count(size, 1) // 256, tiles.partial_width(size, 1)) == (1, 17)
    assert tiles.partial_width(size, 2) == 1
    assert tiles.partial_width(256, 0) == 0
    assert tiles.partial_width(256, 1) == 1


@pytest.mark.parametrize(
    ("level", "index", "width", "path"),
    [
        (0, 0, 256, "tile/0/000"),
        (1, 1234067, 256, "tile/1/x001/x234/067"),
        (2, 5, 17, "tile/2/005.p/17"),
        (0, 1000, 1, "tile/0/x001/000.p/1"),
    ],
)
def test_tile_paths(level, index, width, path):
    assert tiles.tile_path(level, index, width) == path
    assert tiles.parse_tile_path(path) == (level, index, width)


@pytest.mark.parametrize(
    "path",
    ["tile/0/1", "tile/64/000", "tile/0/000.p/256", "tile/0/000.p/0", "tile/00/000",
     "tile/0/x000/001", "tile/0/001/", "tile/0/000.p/07", "tile/entries/000", "tile/-1/000"],
)  # fmt: skip
def test_bad_tile_paths_are_refused(path):
    with pytest.raises(ValueError, match="not a tile path"):
        tiles.parse_tile_path(path)
