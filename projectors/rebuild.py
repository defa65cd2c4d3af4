"""Rebuilding a projector's read model without downtime.

The rebuild projects the whole log into a fresh generation beside the live one, batch by
batch, then in one transaction locks the live checkpoint (waiting for a live batch to end),
projects what arrived meanwhile, flips the `active` flag and deletes the old generation.
Readers select the active generation in the same statement as its rows, so they see the
old model or the new one, never half of one.

`projections_rebuild` is the one rebuild of `manage.py rebuild` and of the rebuild
endpoint's job: any projection of the one registry (`eventlog.subscriptions.rebuild_plan`),
the table-by-table ones on one shared read of the log (one table's stream, or verified),
the asynchronous projectors each into a new generation as above.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from common.jobs import job_claim, job_fail
from eventlog import last_position
from eventlog.subscriptions import RebuildReport, rebuild_plan, rebuild_together
from followers.framework import checkpoint_ensure, checkpoint_next_generation, checkpoint_project
from followers.models import SubscriptionCheckpoint
from projectors.framework import (
    DEFAULT_BATCH,
    Projector,
    projector_batch,
    projector_get,
)
from projectors.models import TaskRun
from table_stream import stream_name

Progress = Callable[[int, int], None]
ABANDONED_AFTER = timedelta(minutes=10)
SHOWN_DIFFERENCES = 100


@dataclass(frozen=True, slots=True)
class RebuildResult:
    name: str
    generation: int
    position: int
    replaced: int
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class RebuildOutcome:
    """`reports` of the table-by-table rebuilds (or verifications), `generations` of the
    asynchronous projectors rebuilt whole."""

    reports: dict[str, RebuildReport]
    generations: dict[str, RebuildResult]

    @property
    def difference_count(self) -> int:
        return sum(len(r.differences) for r in self.reports.values())

    @property
    def differences(self) -> list[str]:
        """What a verification found, the first ``SHOWN_DIFFERENCES`` of it: a task is one
        document, and a log whose every table differs would otherwise make it as long as the
        log (the command prints them all)."""
        found = [f"{name}: {d}" for name, r in self.reports.items() for d in r.differences]
        if len(found) <= SHOWN_DIFFERENCES:
            return found
        more = len(found) - SHOWN_DIFFERENCES
        return [*found[:SHOWN_DIFFERENCES], f"... and {more} more"]


def projections_rebuild(
    *,
    names: Sequence[str] | None,
    table: uuid.UUID | None = None,
    verify: bool = False,
    batch: int = DEFAULT_BATCH,
    progress_for: Callable[[str], Progress | None] = lambda phase: None,
) -> RebuildOutcome:
    """Rebuild `names` (every projection when empty); `table` rebuilds one table's stream,
    `verify` writes nothing and reports the differences (table-by-table ones only:
    `eventlog.subscriptions.RebuildRefused` naming the field otherwise, before any work).
    `progress_for(phase)` gives the progress of a phase: ``"tables"`` (the shared read of
    the whole log), then each projector by name."""
    plan = rebuild_plan(names, table=table is not None, verify=verify)
    stream = stream_name(table) if table else None
    shared = progress_for("tables") if plan.by_table and stream is None else None
    reports = rebuild_together(list(plan.by_table), stream=stream, verify=verify, progress=shared)
    generations = {}
    for name in plan.whole:
        started = time.monotonic()
        result = projection_rebuild(name=name, batch=batch, progress=progress_for(name))
        generations[name] = RebuildResult(
            name, result.generation, result.position, result.replaced, time.monotonic() - started
        )
    return RebuildOutcome(reports, generations)


def projection_rebuild(
    *, name: str, batch: int = DEFAULT_BATCH, progress: Progress | None = None
) -> RebuildResult:
    """Rebuild `name` from the log into a new generation and swap it in.
    `progress(processed, total)` is called after every batch."""
    projector = projector_get(name=name)
    checkpoint_ensure(name=name)
    _drop_abandoned(projector)
    building = checkpoint_next_generation(name=name)
    generation = building.generation
    try:
        while True:
            result = projector_batch(name=name, generation=generation, batch=batch, wait=True)
            if result.skipped:
                raise RuntimeError(f"{name}: the checkpoint of generation {generation} vanished")
            if progress:
                progress(result.position, max(result.position, last_position()))
            if result.caught_up:
                break
        with transaction.atomic():
            live = SubscriptionCheckpoint.objects.select_for_update().get(name=name, active=True)
            building = SubscriptionCheckpoint.objects.select_for_update().get(pk=building.pk)
            while not checkpoint_project(projector, building, batch=batch).caught_up:
                pass
            SubscriptionCheckpoint.objects.filter(pk=live.pk).update(active=False)
            SubscriptionCheckpoint.objects.filter(pk=building.pk).update(
                active=True, updated_at=timezone.now()
            )
            projector.drop(generation=live.generation)
            SubscriptionCheckpoint.objects.filter(pk=live.pk).delete()
    except BaseException:
        with transaction.atomic():
            projector.drop(generation=generation)
            SubscriptionCheckpoint.objects.filter(pk=building.pk, active=False).delete()
        raise
    if progress:
        progress(building.position, building.position)
    return RebuildResult(name, generation, building.position, live.generation)


def _drop_abandoned(projector: Projector) -> None:
    """Generations of rebuilds whose worker was killed: silent for `ABANDONED_AFTER`."""
    old = timezone.now() - ABANDONED_AFTER
    stale = SubscriptionCheckpoint.objects.filter(
        name=projector.name, active=False, updated_at__lt=old
    )
    for checkpoint in stale:
        with transaction.atomic():
            projector.drop(generation=checkpoint.generation)
            checkpoint.delete()


def projection_rebuild_run(*, task_run_id: uuid.UUID) -> None:
    """The rebuild task's body: run the rebuild if this worker can claim its `TaskRun`
    (common/jobs.py), recording progress there; any error ends it `failed`."""
    if not job_claim(TaskRun, task_run_id):
        return
    run = TaskRun.objects.get(pk=task_run_id)
    TaskRun.objects.filter(pk=run.pk).update(total=last_position())

    def progress(processed: int, total: int) -> None:
        TaskRun.objects.filter(pk=run.pk).update(
            processed=processed, total=total, updated_at=timezone.now()
        )

    try:
        outcome = projections_rebuild(
            names=[run.target],
            table=uuid.UUID(run.table) if run.table else None,
            verify=run.verify,
            progress_for=lambda phase: progress,
        )
    except Exception as error:
        job_fail(TaskRun, run.pk, f"{type(error).__name__}: {error}")
        raise
    events = sum(r.events for r in outcome.reports.values())
    now = timezone.now()
    TaskRun.objects.filter(pk=run.pk).update(
        status=TaskRun.Status.SUCCEEDED,
        differences=outcome.differences,
        # A table-by-table rebuild may not report progress as it goes (one table's stream).
        **({"processed": events, "total": events} if not outcome.generations else {}),
        finished_at=now,
        updated_at=now,
    )
