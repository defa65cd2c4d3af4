"""The projector framework: follow the log from checkpoints, one batch per transaction.

The log is partitioned by club, so a generation keeps one checkpoint per club partition
(`ProjectorClubCheckpoint`); a batch reads the clubs whose head is past their checkpoint,
sharing the batch between them, and hands each club's events to the projector in that
club's position order (positions are gap-free and commit-ordered within a club, so nothing
is skipped; events of different clubs have no order between them, and need none).

A projector's read model and its checkpoint are written in the same transaction, so a worker
killed at any point (SIGKILL included) leaves both as of the last committed batch: the next
run resumes from there and no event is lost or counted twice. The checkpoint row is locked
with ``FOR UPDATE SKIP LOCKED``: several workers may run, but each projector generation is
advanced by one at a time and the others simply skip.
"""

from __future__ import annotations

import logging
import os
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from games.eventstore import RecordedEvent, partitions_behind, read_all
from projectors.models import ProjectorCheckpoint, ProjectorClubCheckpoint

logger = logging.getLogger(__name__)

DEFAULT_BATCH = 500
# Test-only: seconds to sleep after a batch is projected and before it commits, so a test
# can kill a real worker mid-batch. Never set in production.
BATCH_DELAY_ENV = "BOURRE_PROJECTOR_TEST_BATCH_DELAY"


class Projector(ABC):
    """A read model fed by the log. `handle` is called inside the batch's transaction with
    events of one club in position order; every row it writes belongs to `generation`."""

    name: str

    @abstractmethod
    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None: ...

    @abstractmethod
    def drop(self, *, generation: int) -> None:
        """Delete every read-model row of `generation` (after a swap or a failed rebuild)."""


_projectors: dict[str, Projector] = {}


def projector_register(projector: Projector) -> None:
    _projectors[projector.name] = projector


def projector_get(*, name: str) -> Projector:
    """Raises `KeyError` for an unknown name."""
    return _projectors[name]


def projectors_all() -> dict[str, Projector]:
    return dict(_projectors)


@dataclass(frozen=True, slots=True)
class BatchResult:
    processed: int
    position: int
    skipped: bool = False
    caught_up: bool = False


@dataclass(frozen=True, slots=True)
class RunResult:
    name: str
    processed: int
    position: int
    skipped: bool


def checkpoint_ensure(*, name: str) -> None:
    """Create the live checkpoint (generation 1, position 0) unless the projector has one."""
    table = ProjectorCheckpoint._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (name, generation, position, active, updated_at) "
            f"SELECT %s, 1, 0, true, now() WHERE NOT EXISTS "
            f"(SELECT 1 FROM {table} WHERE name = %s) ON CONFLICT DO NOTHING",
            [name, name],
        )


def checkpoint_next_generation(*, name: str) -> ProjectorCheckpoint:
    """An inactive checkpoint for a fresh generation (what a rebuild builds into)."""
    checkpoint_ensure(name=name)
    with transaction.atomic():
        # Serialise generation numbering per projector.
        list(ProjectorCheckpoint.objects.select_for_update().filter(name=name))
        top = ProjectorCheckpoint.objects.filter(name=name).aggregate(g=Max("generation"))["g"]
        return ProjectorCheckpoint.objects.create(
            name=name, generation=(top or 0) + 1, position=0, active=False
        )


def club_positions(checkpoint: ProjectorCheckpoint) -> dict[str, int]:
    """How far `checkpoint` has read each club's partition."""
    rows = ProjectorClubCheckpoint.objects.filter(checkpoint=checkpoint)
    return {str(club): position for club, position in rows.values_list("club_id", "position")}


def _project(
    projector: Projector,
    checkpoint: ProjectorCheckpoint,
    batch: int,
    until: Mapping[str, int] | None,
) -> BatchResult:
    """Read up to `batch` events after the (locked) checkpoint's club positions (at most
    `until`'s, when given), project them and advance the checkpoints, all in the caller's
    transaction."""
    done = club_positions(checkpoint)
    behind = partitions_behind(done)
    if until is not None:
        behind = {
            club: (after, min(head, until.get(club, 0)))
            for club, (after, head) in behind.items()
            if min(head, until.get(club, 0)) > after
        }
    processed, caught_up = 0, True
    moved: list[ProjectorClubCheckpoint] = []
    clubs = sorted(behind)
    for index, club in enumerate(clubs):
        if processed >= batch:
            caught_up = False
            break
        after, head = behind[club]
        # Share what is left of the batch between the clubs still to read: a busy club
        # never starves the others.
        share = max(1, (batch - processed) // (len(clubs) - index))
        limit = min(share, head - after)
        events = read_all(club=club, after=after, to_position=head, limit=limit)
        if not events:
            continue
        projector.handle(events, generation=checkpoint.generation)
        processed += len(events)
        if events[-1].position < head:
            caught_up = False
        moved.append(
            ProjectorClubCheckpoint(
                checkpoint=checkpoint, club_id=club, position=events[-1].position
            )
        )
    if not processed:
        return BatchResult(0, checkpoint.position, caught_up=True)
    delay = float(os.environ.get(BATCH_DELAY_ENV) or 0)
    if delay:
        time.sleep(delay)
    ProjectorClubCheckpoint.objects.bulk_create(
        moved,
        update_conflicts=True,
        unique_fields=["checkpoint", "club_id"],
        update_fields=["position"],
    )
    position = checkpoint.position + processed
    ProjectorCheckpoint.objects.filter(pk=checkpoint.pk).update(
        position=position, updated_at=timezone.now()
    )
    checkpoint.position = position
    return BatchResult(processed, position, caught_up=caught_up)


def projector_batch(
    *,
    name: str,
    generation: int | None = None,
    batch: int = DEFAULT_BATCH,
    until: Mapping[str, int] | None = None,
    wait: bool = False,
) -> BatchResult:
    """One transaction: lock the checkpoint (the live one unless `generation` is given),
    project the next page of at most `batch` events (of each club, up to `until[club]`
    when given), advance the checkpoints, commit.
    Without `wait`, a checkpoint another worker holds is skipped (`skipped=True`)."""
    projector = projector_get(name=name)
    if generation is None:
        checkpoint_ensure(name=name)
    with transaction.atomic():
        rows = ProjectorCheckpoint.objects.filter(name=name)
        if generation is None:
            rows = rows.filter(active=True)
        else:
            rows = rows.filter(generation=generation)
        checkpoint = rows.select_for_update(skip_locked=not wait).first()
        if checkpoint is None:
            return BatchResult(0, 0, skipped=True)
        return _project(projector, checkpoint, batch, until)


def projector_run(
    *, name: str, batch: int = DEFAULT_BATCH, max_batches: int | None = None
) -> RunResult:
    """Advance the live read model batch by batch until it has caught up with the log
    (or `max_batches` were done). Returns at once, `skipped`, if another worker holds it."""
    processed = 0
    position = 0
    done = 0
    while True:
        result = projector_batch(name=name, batch=batch)
        if result.skipped:
            return RunResult(name, processed, position, skipped=processed == 0)
        processed += result.processed
        position = result.position
        done += 1
        if result.caught_up or (max_batches is not None and done >= max_batches):
            return RunResult(name, processed, position, skipped=False)


def projectors_run_all(*, batch: int = DEFAULT_BATCH) -> list[RunResult]:
    results = []
    for name in sorted(_projectors):
        try:
            results.append(projector_run(name=name, batch=batch))
        except Exception:  # one broken projector must not starve the others
            logger.exception("projector %s failed", name)
    return results
