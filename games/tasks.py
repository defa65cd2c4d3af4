"""Celery entry points of games: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from common.jobs import job_run, jobs_sweep
from games.models import ImportJob
from games.services.imports import import_job_run, imports_lost_abandon


@shared_task(name="games.import", acks_late=True, ignore_result=True)
def import_run_task(job_id: str) -> str:
    return job_run(ImportJob, job_id, lambda: import_job_run(job_id=job_id))


@shared_task(name="games.imports_sweep", ignore_result=True)
def imports_sweep_task() -> None:
    """Beat: re-enqueue imports the broker lost, requeue or fail those whose worker died."""
    report = jobs_sweep(ImportJob, enqueue=import_run_task.delay, what="import")
    if report.failed:  # their tables would stay `importing`, holding the followers back
        imports_lost_abandon(job_ids=report.failed)
