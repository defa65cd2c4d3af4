"""Celery tasks: take ids or names and call a service."""

from __future__ import annotations

import uuid

from celery import shared_task

from common.jobs import job_fail, jobs_sweep
from eventlog.subscriptions import pending_clear
from projectors.framework import projector_run, projectors_all
from projectors.models import TaskRun
from projectors.rebuild import projection_rebuild_run
from projectors.services import REBUILD
from projectors.wake import projector_wake, subscription


@shared_task(name="projectors.catch_up_all", ignore_result=True)
def projectors_catch_up() -> None:
    """Swept by beat (and woken by older processes): a catch-up for every projector that
    has none pending."""
    for name in sorted(projectors_all()):
        projector_wake(name)


@shared_task(name="projectors.catch_up", ignore_result=True)
def projector_catch_up(name: str, retried: bool = False) -> None:
    # Cleared before reading: a commit from now on sends a task of its own.
    pending_clear(subscription(name))
    result = projector_run(name=name)
    if result.skipped and not retried:
        # Another worker holds the projector; it may have read its last page before the
        # event that woke us committed, so look once more shortly (the sweep is the net).
        projector_wake(name, retried=True, countdown=1)


@shared_task(name="projectors.rebuild", ignore_result=True)
def projection_rebuild_task(task_run_id: str) -> None:
    try:
        projection_rebuild_run(task_run_id=uuid.UUID(task_run_id))
    except Exception as error:  # whatever broke, the run says so instead of hanging
        job_fail(TaskRun, task_run_id, f"{type(error).__name__}: {error}")
        raise


@shared_task(name="projectors.sweep_tasks", ignore_result=True)
def task_runs_sweep() -> None:
    """Beat: re-enqueue rebuilds the broker lost, requeue or fail those whose worker died."""
    jobs_sweep(
        TaskRun, enqueue=projection_rebuild_task.delay, what="rebuild", only={"kind": REBUILD}
    )
