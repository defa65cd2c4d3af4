"""Reading a tiled log over HTTP (C2SP tlog-tiles): its checkpoint and the hashes of its tiles,
checked against the signed root before anything is believed. Standard library only."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterable

from tlog import merkle
from tlog.merkle import HASH_SIZE
from tlog.note import Checkpoint, Note, NoteError, Verifier, open_checkpoint
from tlog.tiles import TILE_WIDTH, level_count, node_from_levels, tile_path, tiles_for

TIMEOUT = 10
MAX_BODY = 1 << 20


class FetchError(Exception):
    """The log could not be read (network, status, size)."""


def fetch(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "bourre-tlog-verify/1"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            body: bytes = response.read(MAX_BODY + 1)
    except urllib.error.HTTPError as error:
        raise FetchError(f"{url}: HTTP {error.code}") from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise FetchError(f"{url}: {error}") from None
    if len(body) > MAX_BODY:
        raise FetchError(f"{url}: larger than {MAX_BODY} bytes")
    return body


class TiledLog:
    """One log at ``prefix``, read at the size of the checkpoint it is opened with."""

    def __init__(self, prefix: str, verifier: Verifier) -> None:
        self.prefix = prefix.rstrip("/")
        self.verifier = verifier
        self._tiles: dict[tuple[int, int, int], bytes] = {}

    def checkpoint(self) -> tuple[Checkpoint, Note]:
        return open_checkpoint(fetch(f"{self.prefix}/checkpoint"), self.verifier)

    def tile(self, level: int, index: int, size: int) -> bytes:
        """The tile as it is at tree ``size`` (full, or the right edge's partial tile)."""
        count = level_count(size, level)
        width = min(TILE_WIDTH, count - index * TILE_WIDTH)
        if width <= 0:
            raise FetchError(f"tile {level}/{index} is beyond the tree of size {size}")
        key = (level, index, width)
        if key not in self._tiles:
            data = fetch(f"{self.prefix}/{tile_path(level, index, width)}")
            if len(data) != width * HASH_SIZE:
                raise FetchError(f"{tile_path(level, index, width)}: {len(data)} bytes")
            self._tiles[key] = data
        return self._tiles[key]

    def _levels(self, size: int) -> merkle.NodeReader:
        def read(level: int, start: int, end: int) -> bytes:
            out = bytearray()
            for index in range(start // TILE_WIDTH, (end - 1) // TILE_WIDTH + 1):
                data = self.tile(level, index, size)
                base = index * TILE_WIDTH
                lo, hi = max(start, base) - base, min(end, base + TILE_WIDTH) - base
                out += data[lo * HASH_SIZE : hi * HASH_SIZE]
            return bytes(out)

        return lambda height, index: node_from_levels(read, height, index)

    def reader(self, checkpoint: Checkpoint) -> merkle.NodeReader:
        """Node hashes of the tree at the checkpoint's size, from tiles that were first
        checked to give the checkpoint's root (a tile the log altered fails here)."""
        node = self._levels(checkpoint.size)
        root = merkle.tree_hash(node, checkpoint.size)
        if root != checkpoint.root:
            raise NoteError(
                f"the tiles do not give the root of the checkpoint of size {checkpoint.size}"
            )
        return node

    def prefetch(self, nodes: Iterable[tuple[int, int]], size: int) -> None:
        for level, index in sorted(tiles_for(nodes)):
            self.tile(level, index, size)
