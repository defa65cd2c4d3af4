"""The Merkle tree of RFC 6962 / RFC 9162, section 2.1: hashes, proofs and their checks.

Leaves and nodes are hashed with SHA-256 and a domain byte (``0x00`` a leaf, ``0x01`` a
node). A proof is computed from a `NodeReader`: the hash of the perfect subtree at
``height`` and ``index`` (the leaves ``[index * 2**height, (index + 1) * 2**height)``),
which the tiles give (`tlog.tiles`). The checks follow RFC 9162 sections 2.1.3.2 and
2.1.4.2 word for word. Pure Python: no Django, no database.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()

#: The hash of the perfect subtree of ``2**height`` leaves numbered ``index`` at that height.
NodeReader = Callable[[int, int], bytes]


class ProofError(ValueError):
    """A proof does not check out; the message says where."""


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def root_of(hashes: Sequence[bytes]) -> bytes:
    """MTH of a sequence of leaf hashes (or of any level's hashes, as a subtree of them)."""
    if not hashes:
        return EMPTY_ROOT
    level = list(hashes)
    while len(level) > 1:
        paired = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            # RFC 6962 splits at the largest power of two, so an odd node is carried up
            # unchanged: the same tree as the recursive definition, built bottom up.
            paired.append(level[-1])
        level = paired
    return level[0]


def _split(size: int) -> int:
    """The largest power of two smaller than ``size`` (``size`` > 1)."""
    return 1 << ((size - 1).bit_length() - 1)


def subtree_hash(node: NodeReader, start: int, end: int) -> bytes:
    """MTH(D[start:end]) for a subtree of the RFC's recursion (``start`` aligned to a power
    of two at least as large as the subtree's left part)."""
    size = end - start
    if size <= 0:
        return EMPTY_ROOT
    if size & (size - 1) == 0:
        height = size.bit_length() - 1
        return node(height, start >> height)
    k = _split(size)
    return node_hash(subtree_hash(node, start, start + k), subtree_hash(node, start + k, end))


def tree_hash(node: NodeReader, size: int) -> bytes:
    return subtree_hash(node, 0, size)


def inclusion_proof(node: NodeReader, index: int, size: int) -> list[bytes]:
    """PATH(index, D[0:size]) of RFC 6962 section 2.1.1: from the leaf's sibling up."""
    if not 0 <= index < size:
        raise ProofError(f"index {index} is not in a tree of size {size}")
    return _path(node, index, 0, size)


def _path(node: NodeReader, m: int, start: int, end: int) -> list[bytes]:
    size = end - start
    if size == 1:
        return []
    k = _split(size)
    if m < k:
        return [*_path(node, m, start, start + k), subtree_hash(node, start + k, end)]
    return [*_path(node, m - k, start + k, end), subtree_hash(node, start, start + k)]


def consistency_proof(node: NodeReader, old: int, new: int) -> list[bytes]:
    """PROOF(old, D[0:new]) of RFC 6962 section 2.1.2 (empty when ``old`` is 0 or ``new``)."""
    if not 0 <= old <= new:
        raise ProofError(f"no proof from size {old} to size {new}")
    if old in (0, new):
        return []
    return _subproof(node, old, 0, new, True)


def _subproof(node: NodeReader, m: int, start: int, end: int, whole: bool) -> list[bytes]:
    size = end - start
    if m == size:
        return [] if whole else [subtree_hash(node, start, end)]
    k = _split(size)
    if m <= k:
        return [*_subproof(node, m, start, start + k, whole), subtree_hash(node, start + k, end)]
    return [
        *_subproof(node, m - k, start + k, end, False),
        subtree_hash(node, start, start + k),
    ]


def nodes_needed(compute: Callable[[NodeReader], object]) -> set[tuple[int, int]]:
    """The (height, index) nodes ``compute`` reads, found by running it on zero hashes:
    a store fetches them all in one go, then runs it for real."""
    seen: set[tuple[int, int]] = set()

    def record(height: int, index: int) -> bytes:
        seen.add((height, index))
        return bytes(HASH_SIZE)

    compute(record)
    return seen


def _lsb(value: int) -> int:
    return value & 1


def verify_inclusion(
    leaf: bytes, index: int, size: int, proof: Sequence[bytes], root: bytes
) -> None:
    """RFC 9162, 2.1.3.2. Raises `ProofError` naming what failed."""
    if index >= size or index < 0:
        raise ProofError(f"index {index} is beyond the tree of size {size}")
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if len(p) != HASH_SIZE:
            raise ProofError("a proof hash is not 32 bytes")
        if sn == 0:
            raise ProofError(f"index {index}: the inclusion proof is too long")
        if _lsb(fn) or fn == sn:
            r = node_hash(p, r)
            if not _lsb(fn):
                while not _lsb(fn) and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError(f"index {index}: the inclusion proof is too short")
    if r != root:
        raise ProofError(
            f"index {index}: the entry is not in the tree of size {size} (the proof leads "
            "to another root)"
        )


def verify_consistency(
    old: int, new: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> None:
    """RFC 9162, 2.1.4.2 (and size 0, consistent with any tree, with an empty proof)."""
    if old > new:
        raise ProofError(f"the tree shrank: size {new} after size {old}")
    if any(len(p) != HASH_SIZE for p in proof):
        raise ProofError("a proof hash is not 32 bytes")
    if old == 0:
        if proof:
            raise ProofError("a proof from the empty tree must be empty")
        return
    if old == new:
        if proof:
            raise ProofError("a proof between two trees of one size must be empty")
        if old_root != new_root:
            raise ProofError(f"two different trees of size {old}: the log forked")
        return
    if not proof:
        raise ProofError(f"the consistency proof from size {old} to {new} is empty")
    path = list(proof)
    if old & (old - 1) == 0:
        path.insert(0, old_root)
    fn, sn = old - 1, new - 1
    while _lsb(fn):
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise ProofError(f"the consistency proof from size {old} to {new} is too long")
        if _lsb(fn) or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            if not _lsb(fn):
                while not _lsb(fn) and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError(f"the consistency proof from size {old} to {new} is too short")
    if fr != old_root:
        raise ProofError(
            f"the tree of size {new} does not extend the tree of size {old}: its first "
            f"{old} entries differ (the log was rewritten)"
        )
    if sr != new_root:
        raise ProofError(f"the consistency proof does not lead to the root of size {new}")
