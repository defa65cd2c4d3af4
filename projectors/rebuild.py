"""Rebuilding a projector's read model without downtime.

The rebuild projects the whole log into a fresh generation beside the live one, batch by
batch, then in one transaction locks the live checkpoint (waiting for a live batch to end),
projects what arrived meanwhile, flips the `active` flag and deletes the old generation.
Readers select the active generation in the same statement as its rows, so they see the
old model or the new one, never half of one.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from clubs.jobs import job_claim, job_fail
from followers.framework import checkpoint_ensure, checkpoint_next_generation, checkpoint_project
from followers.models import SubscriptionCheckpoint
from games.eventstore import last_position
from games.subscriptions import subscriptions
from projectors.framework import (
    DEFAULT_BATCH,
    Projector,
    projector_batch,
    projector_get,
    projectors_all,
)
from projectors.models import TaskRun

Progress = Callable[[int, int], None]
ABANDONED_AFTER = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class RebuildResult:
    name: str
    generation: int
    position: int
    replaced: int


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
    (clubs/jobs.py), recording progress there; any error ends it `failed`."""
    if not job_claim(TaskRun, task_run_id):
        return
    run = TaskRun.objects.get(pk=task_run_id)
    TaskRun.objects.filter(pk=run.pk).update(total=last_position())

    def progress(processed: int, total: int) -> None:
        TaskRun.objects.filter(pk=run.pk).update(
            processed=processed, total=total, updated_at=timezone.now()
        )

    try:
        if run.target in projectors_all():
            projection_rebuild(name=run.target, progress=progress)
        else:  # an asynchronous subscription with a rebuild of its own (webhooks)
            rebuild = subscriptions()[run.target].rebuild
            if rebuild is None:
                raise KeyError(f"{run.target} has no rebuild")
            report = rebuild(stream=None, verify=False)
            progress(report.events, report.events)
    except Exception as error:
        job_fail(TaskRun, run.pk, f"{type(error).__name__}: {error}")
        raise
    now = timezone.now()
    TaskRun.objects.filter(pk=run.pk).update(
        status=TaskRun.Status.SUCCEEDED, finished_at=now, updated_at=now
    )
