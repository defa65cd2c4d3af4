"""Writes started from the API or the shell."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from clubs.jobs import enqueue_after_commit
from games.subscriptions import ASYNC, subscriptions
from projectors.framework import projectors_all
from projectors.models import TaskRun

REBUILD = "rebuild_projection"
# A queued or running rebuild that has reported nothing for this long lost its worker.
STALE_AFTER = timedelta(minutes=10)


class RebuildInProgress(Exception):
    pass


def projection_rebuild_request(*, name: str, club_id: str) -> TaskRun:
    """Record a rebuild of `name` (an asynchronous subscription: a projector, or one with
    a rebuild of its own, the webhooks' index) and enqueue it after commit. Raises
    `KeyError` for an unknown one and `RebuildInProgress` while one of it is queued or
    running (and has reported progress lately)."""
    subscription = subscriptions().get(name)
    if name not in projectors_all() and (
        subscription is None or subscription.lifecycle != ASYNC or subscription.rebuild is None
    ):
        raise KeyError(name)
    with transaction.atomic():
        busy = TaskRun.objects.select_for_update().filter(
            kind=REBUILD,
            target=name,
            status__in=[TaskRun.Status.QUEUED, TaskRun.Status.RUNNING],
            updated_at__gte=timezone.now() - STALE_AFTER,
        )
        if busy.exists():
            raise RebuildInProgress(name)
        run = TaskRun.objects.create(kind=REBUILD, target=name, club_id=club_id)

        def enqueue() -> None:
            from projectors.tasks import projection_rebuild_task

            projection_rebuild_task.delay(str(run.id))

        enqueue_after_commit(enqueue, what=f"rebuild {run.id}")
    return run
