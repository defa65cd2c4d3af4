"""The C2SP tlog-tiles layout: tiles of 256 hashes, their paths, and growing a tree by them.

Level 0 tiles hold leaf hashes; a hash of level ``L`` >= 1 is the root of a *full* tile of
level ``L - 1``, so the hashes of level ``L`` are the tree's nodes at height ``8 * L``
(``tlog-tiles``, "Merkle Tree"). A tree of size ``s`` has, at each level, its full tiles
and one partial tile of ``floor(s / 256**L) mod 256`` hashes (the *pending* hashes: the
right edge). Any node of the tree is the root of a run of hashes of one level, so a proof
reads a few tiles (`node_from_levels`). Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tlog.merkle import HASH_SIZE, root_of

TILE_WIDTH = 256
TILE_HEIGHT = 8
TILE_BYTES = TILE_WIDTH * HASH_SIZE
MAX_LEVEL = 63

#: The hashes ``[start, end)`` of one level, as the store holds them (32 bytes each).
LevelReader = Callable[[int, int, int], bytes]


def partial_width(size: int, level: int) -> int:
    """How many hashes the right-edge (partial) tile of ``level`` holds at tree ``size``."""
    return (size // TILE_WIDTH**level) % TILE_WIDTH


def level_count(size: int, level: int) -> int:
    """How many hashes ``level`` holds at tree ``size``."""
    return size // TILE_WIDTH**level


def levels(size: int) -> int:
    """How many levels hold any hash at tree ``size``."""
    count = 0
    while level_count(size, count) > 0:
        count += 1
    return count


def pending_split(size: int, pending: bytes) -> list[bytes]:
    """The pending hashes of each level (level 0 first), from their concatenation."""
    out, offset = [], 0
    for level in range(levels(size)):
        width = partial_width(size, level) * HASH_SIZE
        out.append(pending[offset : offset + width])
        offset += width
    if offset != len(pending):
        raise ValueError(f"pending hashes do not fit a tree of size {size}")
    return out


@dataclass(frozen=True, slots=True)
class Grown:
    size: int
    pending: bytes
    #: (level, index, 8,192 bytes) of every tile that became full.
    full_tiles: list[tuple[int, int, bytes]]


def grow(size: int, pending: bytes, leaves: Iterable[bytes]) -> Grown:
    """Append leaf hashes to a tree of ``size`` whose right edge is ``pending``."""
    edge = [bytearray(level) for level in pending_split(size, pending)]
    full: list[tuple[int, int, bytes]] = []
    for leaf in leaves:
        if len(leaf) != HASH_SIZE:
            raise ValueError("a leaf hash is 32 bytes")
        carry, level = leaf, 0
        while True:
            if level == len(edge):
                edge.append(bytearray())
            edge[level] += carry
            if len(edge[level]) < TILE_BYTES:
                break
            tile = bytes(edge[level])
            index = level_count(size + 1, level + 1) - 1
            full.append((level, index, tile))
            edge[level] = bytearray()
            carry = root_of([tile[i : i + HASH_SIZE] for i in range(0, TILE_BYTES, HASH_SIZE)])
            level += 1
        size += 1
    while edge and not edge[-1] and level_count(size, len(edge) - 1) == 0:
        edge.pop()
    return Grown(size, b"".join(bytes(level) for level in edge), full)


def node_from_levels(read: LevelReader, height: int, index: int) -> bytes:
    """The node at (``height``, ``index``): the root of ``2**(height mod 8)`` hashes of
    level ``height // 8``."""
    level, rest = divmod(height, TILE_HEIGHT)
    span = 1 << rest
    data = read(level, index * span, (index + 1) * span)
    if len(data) != span * HASH_SIZE:
        raise KeyError(f"hashes of level {level} missing for node ({height}, {index})")
    return root_of([data[i : i + HASH_SIZE] for i in range(0, len(data), HASH_SIZE)])


def tiles_for(nodes: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The (level, tile index) of every tile the nodes' hashes are read from."""
    out = set()
    for height, index in nodes:
        level, rest = divmod(height, TILE_HEIGHT)
        first = index << rest
        last = ((index + 1) << rest) - 1
        out.update((level, n) for n in range(first // TILE_WIDTH, last // TILE_WIDTH + 1))
    return out


# ---------------------------------------------------------------------------- paths
_PATH = re.compile(r"^tile/(0|[1-9][0-9]?)/((?:x[0-9]{3}/)*[0-9]{3})(?:\.p/([1-9][0-9]{0,2}))?$")


def tile_path(level: int, index: int, width: int = TILE_WIDTH) -> str:
    """``tile/<L>/<N>[.p/<W>]`` with ``N`` in zero-padded three-digit elements."""
    digits = f"{index:03d}"
    while len(digits) % 3:
        digits = "0" + digits
    parts = [digits[i : i + 3] for i in range(0, len(digits), 3)]
    path = f"tile/{level}/" + "/".join([*(f"x{p}" for p in parts[:-1]), parts[-1]])
    return path if width == TILE_WIDTH else f"{path}.p/{width}"


def parse_tile_path(path: str) -> tuple[int, int, int]:
    """(level, index, width) of a tile path; ``ValueError`` if it is not one."""
    found = _PATH.match(path)
    if found is None:
        raise ValueError(f"not a tile path: {path!r}")
    level = int(found.group(1))
    elements = found.group(2).split("/")
    if len(elements) > 1 and elements[0] == "x000":
        raise ValueError(f"not a tile path: {path!r} (leading zero element)")
    index = int("".join(e.lstrip("x") for e in elements))
    width = int(found.group(3)) if found.group(3) else TILE_WIDTH
    if level > MAX_LEVEL or width > TILE_WIDTH or (found.group(3) and width == TILE_WIDTH):
        raise ValueError(f"not a tile path: {path!r}")
    return level, index, width


def hashes_of(data: bytes) -> Sequence[bytes]:
    return [data[i : i + HASH_SIZE] for i in range(0, len(data), HASH_SIZE)]
