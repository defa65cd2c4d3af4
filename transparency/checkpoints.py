"""Signed checkpoints of a club's tree (C2SP tlog-checkpoint in a C2SP signed-note, Ed25519),
issued by the follower when the tree grew and the last is older than the interval, at once
at a table's close, and by the sweep (`checkpoints_issue_due`) for a tree that grew within
the interval and then stopped. Each is asked of the witnesses after commit (`cosign`)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max, OuterRef, Subquery
from django.utils import timezone

from tlog import merkle
from tlog.note import Checkpoint as CheckpointText
from tlog.note import Note, sign_note
from transparency.keys import log_key, origin
from transparency.models import Checkpoint, Cosignature, Tree
from transparency.store import TreeView


def latest_checkpoint(club_id: str) -> Checkpoint | None:
    return Checkpoint.objects.filter(club_id=club_id).order_by("-size").first()


def checkpoint_due(club_id: str) -> bool:
    last = Checkpoint.objects.filter(club_id=club_id).aggregate(at=Max("issued_at"))["at"]
    interval = timedelta(seconds=settings.TRANSPARENCY_CHECKPOINT_INTERVAL)
    return last is None or timezone.now() - last >= interval


def checkpoint_issue(club_id: str, size: int, pending: bytes) -> Checkpoint | None:
    """Sign and keep the checkpoint of the tree at ``size`` (in the caller's transaction,
    the tree's row locked), unless the latest already has that size."""
    latest = latest_checkpoint(club_id)
    if size == 0 or (latest is not None and latest.size >= size):
        return None
    view = TreeView(club_id, size, pending)
    root = view.compute(lambda node: merkle.tree_hash(node, size))
    text = CheckpointText(origin(club_id), size, root).text
    note = Note(text, (sign_note(text, origin(club_id), log_key()),))
    checkpoint = Checkpoint(
        club_id=club_id, size=size, root=root, note=str(note), issued_at=timezone.now()
    )
    Checkpoint.objects.bulk_create([checkpoint], ignore_conflicts=True)
    transaction.on_commit(lambda: _ask_witnesses(club_id, size))
    return checkpoint


def _ask_witnesses(club_id: str, size: int) -> None:
    from transparency.models import Witness
    from transparency.tasks import checkpoint_cosign

    if Witness.objects.exists():
        checkpoint_cosign.delay(club_id, size)


def checkpoints_issue_due() -> int:
    """A checkpoint for every tree that grew past its latest checkpoint and is due."""
    latest = Checkpoint.objects.filter(club_id=OuterRef("club_id")).order_by("-size")
    grown = Tree.objects.filter(halted_at__isnull=True).annotate(
        checkpointed=Subquery(latest.values("size")[:1])
    )
    issued = 0
    for club_id, size, checkpointed in grown.values_list("club_id", "size", "checkpointed"):
        if size == (checkpointed or 0) or not checkpoint_due(str(club_id)):
            continue
        with transaction.atomic():
            tree = Tree.objects.select_for_update(skip_locked=True).filter(club_id=club_id).first()
            if tree is not None and checkpoint_issue(str(club_id), tree.size, bytes(tree.pending)):
                issued += 1
    return issued


def served_note(checkpoint: Checkpoint) -> str:
    """The checkpoint as served: the log's signed note with the witnesses' cosignatures."""
    lines = Cosignature.objects.filter(club_id=checkpoint.club_id, size=checkpoint.size)
    return checkpoint.note + "".join(lines.order_by("witness").values_list("line", flat=True))
