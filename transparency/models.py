"""The club's transparency log: its tree's tiles, its right edge, its signed checkpoints and
their cosignatures (keyed by club, distributed by club on Citus beside the club's log:
migration 0002), and the witnesses, on both sides of the tlog-witness protocol.

Tiles and checkpoints are written once and never changed (triggers refuse an UPDATE or a
DELETE); the tree row is the follower's state, moved with its checkpoint in one batch.
"""

from __future__ import annotations

from django.db import models

from eventlog import GENESIS_HASH, ClubKeyed


class Tree(ClubKeyed):
    """A club's tree: its size and the right edge (the partial tile of every level, level 0
    first, concatenated: their widths follow from the size; ``tlog.tiles``)."""

    club_id = models.UUIDField(primary_key=True)
    size = models.BigIntegerField(default=0)
    pending = models.BinaryField(default=b"")
    # The canonical hash of the last event taken in: the next one must link to it.
    last_hash = models.CharField(max_length=64, default=GENESIS_HASH)
    # The position the tree refused (its chain broken before the tree saw it), and why:
    # the tree stays at the size before it (transparency.follower).
    halted_at = models.BigIntegerField(null=True, blank=True)
    halted_reason = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"tree of {self.club_id}: {self.size}"


class Tile(ClubKeyed):
    """A full tile: 256 hashes of one level (8,192 bytes), C2SP tlog-tiles."""

    pk = models.CompositePrimaryKey("club_id", "level", "index")
    club_id = models.UUIDField()
    level = models.SmallIntegerField()
    index = models.BigIntegerField()
    hashes = models.BinaryField()

    def __str__(self) -> str:
        return f"{self.club_id} tile {self.level}/{self.index}"


class Checkpoint(ClubKeyed):
    """A signed checkpoint (C2SP tlog-checkpoint in a signed note) of the club's tree."""

    pk = models.CompositePrimaryKey("club_id", "size")
    club_id = models.UUIDField()
    size = models.BigIntegerField()
    root = models.BinaryField()
    note = models.TextField()
    issued_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.club_id} checkpoint {self.size}"


class Cosignature(ClubKeyed):
    """A witness's cosignature line (C2SP tlog-cosignature) on one of the club's checkpoints."""

    pk = models.CompositePrimaryKey("club_id", "size", "witness")
    club_id = models.UUIDField()
    size = models.BigIntegerField()
    witness = models.CharField(max_length=200)
    line = models.TextField()
    received_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.club_id} checkpoint {self.size} cosigned by {self.witness}"


class Witness(models.Model):
    """A witness this service asks to cosign its clubs' checkpoints (tlog-witness: its
    submission prefix and its cosigner key)."""

    name = models.CharField(max_length=200, unique=True)
    url = models.URLField(max_length=500)
    vkey = models.TextField()
    added_at = models.DateTimeField(auto_now_add=True)
    last_error = models.TextField(blank=True, default="")

    def __str__(self) -> str:
        return f"witness {self.name} at {self.url}"


class WitnessedLog(models.Model):
    """A log this service witnesses: its origin and key, and the latest checkpoint it
    cosigned (tlog-witness keeps only that)."""

    origin = models.CharField(max_length=300, unique=True)
    vkey = models.TextField()
    size = models.BigIntegerField(default=0)
    root = models.BinaryField(default=b"")
    note = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)
    # What the last refused submission was refused for (a fork, a truncation), for the operator.
    last_refusal = models.TextField(blank=True, default="")

    def __str__(self) -> str:
        return f"witnessed {self.origin} at {self.size}"
