"""Reads of a club's transparency log: the served checkpoint and tiles (public), receipts
and consistency proofs (for the club's keys). Each reads the tree's row and the few full
tiles the answer needs."""

from __future__ import annotations

from dataclasses import dataclass

from eventlog import read_all, read_stream, recorded_event_hash, stream_version
from tlog import merkle
from tlog.proof import Proof
from tlog.tiles import parse_tile_path
from transparency.checkpoints import latest_checkpoint, served_note
from transparency.follower import leaf_of
from transparency.keys import log_vkey, origin
from transparency.models import Checkpoint, Tree
from transparency.store import tree_view


class NotYet(Exception):
    """The event is not in a signed checkpoint yet (the follower is a second or so behind)."""


class OutOfRange(ValueError):
    """A size beyond the log, or ``from`` after ``to``."""


def checkpoint_served(*, club_id: str) -> str | None:
    latest = latest_checkpoint(club_id)
    return None if latest is None else served_note(latest)


def tile_get(*, club_id: str, path: str) -> bytes | None:
    """The tile at a tlog-tiles path, or None: not a tile path, or beyond the tree."""
    try:
        level, index, width = parse_tile_path(path)
    except ValueError:
        return None
    return tree_view(club_id).tile(level, index, width)


@dataclass(frozen=True, slots=True)
class LogInfo:
    origin: str
    vkey: str
    size: int
    checkpoint: str | None
    halted_at: int | None
    halted_reason: str


def log_info(*, club_id: str) -> LogInfo:
    tree = Tree.objects.filter(club_id=club_id).first()
    return LogInfo(
        origin(club_id),
        log_vkey(club_id),
        tree.size if tree else 0,
        checkpoint_served(club_id=club_id),
        tree.halted_at if tree else None,
        tree.halted_reason if tree else "",
    )


def receipt_for_position(*, club_id: str, position: int) -> Proof:
    """The tlog-proof of the event at ``position`` in the latest checkpoint. The leaf is
    built from the event as the log holds it now, its hash computed again from its content:
    an event rewritten since the tree took it in gets a receipt that does not verify."""
    rows = read_all(club=club_id, after=position - 1, limit=1, upcast=False)
    if not rows or rows[0].position != position:
        raise OutOfRange(f"the log has no event at position {position}")
    latest = latest_checkpoint(club_id)
    if latest is None or latest.size < position:
        raise NotYet(position)
    leaf = leaf_of(rows[0], recorded_event_hash(rows[0])).encode()
    size = latest.size
    view = tree_view(club_id)
    hashes = view.compute(lambda node: merkle.inclusion_proof(node, position - 1, size))
    return Proof(position - 1, tuple(hashes), served_note(latest), extra=leaf)


@dataclass(frozen=True, slots=True)
class Receipt:
    proof: Proof
    version: int  # the event's in its table's stream
    position: int
    checkpoint_size: int


def table_has_events(*, club_id: str, stream: str) -> bool:
    return stream_version(stream=stream, club=club_id) > 0


def receipt_for_table(*, club_id: str, stream: str, version: int | None = None) -> Receipt:
    """The receipt of a table's last event, or of its event at stream ``version``."""
    if version is None:
        version = stream_version(stream=stream, club=club_id)
    if version < 1:
        raise OutOfRange("the table has no such event")
    events = read_stream(stream=stream, club=club_id, after_version=version - 1, limit=1)
    if not events:
        raise OutOfRange("the table has no such event")
    event = events[-1]
    proof = receipt_for_position(club_id=club_id, position=event.position)
    size = int(proof.checkpoint.split("\n", 2)[1])
    return Receipt(proof, event.version, event.position, size)


def consistency_get(*, club_id: str, old: int, new: int) -> list[bytes]:
    """The RFC 9162 consistency proof between two sizes of the club's checkpoints."""
    if old > new:
        raise OutOfRange("from is after to")
    view = tree_view(club_id)
    latest = latest_checkpoint(club_id)
    top = latest.size if latest else 0
    if new > top:
        raise OutOfRange(f"the log's latest checkpoint has {top} entries", top)
    return view.compute(lambda node: merkle.consistency_proof(node, old, new))


def checkpoint_at(*, club_id: str, size: int) -> Checkpoint | None:
    return Checkpoint.objects.filter(club_id=club_id, size=size).first()
