"""The follower that grows each club's tree: an asynchronous subscription of the log
(`followers.framework`: per-club checkpoints, one batch per transaction), never on the
card play's request.

Each event becomes the leaf ``tlog.proof.Leaf`` (position, stream, type, canonical hash)
at index ``position - 1``. An event whose ``prev_hash`` does not link to the last one taken
in (the chain was rewritten before the tree saw it) halts the club's tree there, with the
reason on its row: the tree never commits to a broken chain, and says where it stopped.
The club's tree row is locked for the batch, so the checkpoint issuer (`checkpoints`) sees
it whole. A checkpoint is issued when the tree grew and the last one is older than the
interval, and at once when a table closes.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from datetime import datetime
from itertools import groupby

from eventlog import RecordedEvent, last_position
from followers.framework import DEFAULT_BATCH, RunResult, Stop, subscription_run
from followers.models import SubscriptionCheckpoint
from table_stream import RULING_MADE, TABLE_CLOSED, RulingKind
from tlog.merkle import leaf_hash
from tlog.proof import Leaf
from tlog.tiles import grow
from transparency.checkpoints import checkpoint_due, checkpoint_issue
from transparency.models import Tree
from transparency.store import tiles_save

logger = logging.getLogger(__name__)

NAME = "transparency"


def leaf_of(event: RecordedEvent, event_hash: str | None = None) -> Leaf:
    return Leaf(event.position, event.stream, event.type, event_hash or event.hash)


def closes_a_table(event: RecordedEvent) -> bool:
    if event.type == TABLE_CLOSED:
        return True
    return event.type == RULING_MADE and event.data.get("kind") == RulingKind.TABLE_CLOSED


class TreeFollower:
    """The subscription's handler (`followers.framework.Handler`)."""

    name = NAME
    # Every event is a leaf, an import's included (held or abandoned, its chunks are in the
    # log for good): a gated event would be a gap the tree halts at.
    ungated = True

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> Stop | None:
        for club, group in groupby(events, key=lambda e: e.club):
            tree_grow(str(club), list(group))
        return None


def tree_grow(club_id: str, events: list[RecordedEvent]) -> None:
    tree, _ = Tree.objects.select_for_update().get_or_create(club_id=club_id)
    if tree.halted_at is not None:
        return
    leaves, closed = [], False
    size, last_hash = tree.size, tree.last_hash
    for event in events:
        if event.position <= size:
            continue  # already in (a checkpoint of the subscription moved back)
        if event.position != size + 1:
            _halt(tree, event.position, f"position {size + 1} is missing from the log")
            break
        if event.prev_hash != last_hash:
            _halt(tree, event.position, "prev_hash does not link to the event before")
            break
        leaves.append(leaf_hash(leaf_of(event).encode()))
        closed = closed or closes_a_table(event)
        size, last_hash = event.position, event.hash
    if leaves:
        grown = grow(tree.size, bytes(tree.pending), leaves)
        tiles_save(club_id, grown.full_tiles)
        Tree.objects.filter(club_id=club_id).update(
            size=grown.size, pending=grown.pending, last_hash=last_hash
        )
        tree.size, tree.pending, tree.last_hash = grown.size, grown.pending, last_hash
    if closed or (leaves and checkpoint_due(club_id)):
        checkpoint_issue(club_id, tree.size, bytes(tree.pending))


def _halt(tree: Tree, position: int, reason: str) -> None:
    logger.error(
        "transparency: the tree of club %s halts at #%s: %s", tree.club_id, position, reason
    )
    Tree.objects.filter(club_id=tree.club_id).update(halted_at=position, halted_reason=reason)
    tree.halted_at, tree.halted_reason = position, reason


def tree_progress() -> tuple[int, int, datetime | None]:
    """How far the follower has read (every club's log), the log's head, when it moved."""
    live = SubscriptionCheckpoint.objects.filter(name=NAME, active=True).first()
    head = last_position()
    return (live.position if live else 0, head, live.updated_at if live else None)


def tree_catch_up(
    *,
    batch: int = DEFAULT_BATCH,
    budget_seconds: float | None = 20,
    clubs: Collection[str] | None = None,
    wait: bool = False,
) -> RunResult:
    """Grow the trees up to the log's heads (every club's, or only ``clubs``'); with
    ``wait``, after the worker that holds the follower, if one does."""
    return subscription_run(
        TreeFollower(),
        name=NAME,
        batch=batch,
        budget_seconds=budget_seconds,
        clubs=clubs,
        wait=wait,
    )
