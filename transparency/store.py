"""The club's tree in PostgreSQL: full tiles (one row each, never changed) and the right
edge on the tree's row. A node, a tile or a proof is read in one statement for the row and
one for the tiles it needs (`tlog.merkle.nodes_needed`): a few index look-ups whatever the
size of the log."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from django.db import connection

from tlog import merkle, tiles
from tlog.merkle import HASH_SIZE
from tlog.tiles import TILE_WIDTH
from transparency.models import Tile, Tree

T = TypeVar("T")


class TreeView:
    """The club's tree as of one read: its size, right edge and whatever full tiles were
    fetched. Hashes beyond what it holds raise `KeyError` (asked before fetched)."""

    def __init__(self, club_id: str, size: int, pending: bytes) -> None:
        self.club_id = club_id
        self.size = size
        self.edge = tiles.pending_split(size, pending)
        self.full: dict[tuple[int, int], bytes] = {}

    def fetch(self, wanted: Iterable[tuple[int, int]]) -> None:
        """Read the full tiles among ``wanted`` (level, index) not held yet: one statement."""
        missing = sorted(
            (level, index)
            for level, index in set(wanted)
            if (level, index) not in self.full
            and index < tiles.level_count(self.size, level) // TILE_WIDTH
        )
        if not missing:
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT level, index, hashes FROM transparency_tile WHERE club_id = %s"
                " AND (level, index) IN (SELECT * FROM unnest(%s::smallint[], %s::bigint[]))",
                [self.club_id, [m[0] for m in missing], [m[1] for m in missing]],
            )
            for level, index, data in cursor.fetchall():
                self.full[(level, index)] = bytes(data)

    def tile(self, level: int, index: int, width: int) -> bytes | None:
        """The first ``width`` hashes of tile (``level``, ``index``), or None past the tree."""
        count = tiles.level_count(self.size, level)
        if width < 1 or index * TILE_WIDTH + width > count:
            return None
        if (index + 1) * TILE_WIDTH <= count:
            self.fetch([(level, index)])
            data = self.full.get((level, index))
            if data is None:
                raise KeyError(f"tile {level}/{index} is missing from the store")
        else:
            data = self.edge[level]
        return data[: width * HASH_SIZE]

    def read(self, level: int, start: int, end: int) -> bytes:
        out = bytearray()
        for index in range(start // TILE_WIDTH, (end - 1) // TILE_WIDTH + 1):
            base = index * TILE_WIDTH
            width = min(TILE_WIDTH, tiles.level_count(self.size, level) - base)
            data = self.tile(level, index, width)
            if data is None:
                raise KeyError(f"level {level} has no hashes at {start}..{end}")
            lo, hi = max(start, base) - base, min(end, base + TILE_WIDTH) - base
            out += data[lo * HASH_SIZE : hi * HASH_SIZE]
        return bytes(out)

    def node(self, height: int, index: int) -> bytes:
        return tiles.node_from_levels(self.read, height, index)

    def compute(self, work: Callable[[merkle.NodeReader], T]) -> T:
        """Run ``work`` on this tree's nodes, its tiles fetched in one statement first."""
        self.fetch(tiles.tiles_for(merkle.nodes_needed(work)))
        return work(self.node)


def tree_view(club_id: str, *, lock: bool = False) -> TreeView:
    rows = Tree.objects.filter(club_id=club_id)
    if lock:
        rows = rows.select_for_update()
    row = rows.first()
    if row is None:
        return TreeView(club_id, 0, b"")
    return TreeView(club_id, row.size, bytes(row.pending))


def tiles_save(club_id: str, full: list[tuple[int, int, bytes]]) -> None:
    if full:
        Tile.objects.bulk_create(
            Tile(club_id=club_id, level=level, index=index, hashes=data)
            for level, index, data in full
        )
