"""Celery entry points of games: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from api_common.jobs import job_fail, jobs_sweep
from games.models import ImportJob
from games.services.imports import import_job_run, imports_lost_abandon


@shared_task(name="games.import", acks_late=True, ignore_result=True)
def import_run_task(job_id: str) -> str:
    try:
        return str(import_job_run(job_id=job_id).status)
    except Exception as error:  # whatever broke, the job says so instead of hanging
        job_fail(ImportJob, job_id, f"{type(error).__name__}: {error}")
        raise


@shared_task(name="games.imports_sweep", ignore_result=True)
def imports_sweep_task() -> None:
    """Beat: re-enqueue imports the broker lost, requeue or fail those whose worker died."""
    report = jobs_sweep(ImportJob, enqueue=import_run_task.delay, what="import")
    if report.failed:  # their tables would stay `importing`, holding the followers back
        imports_lost_abandon(job_ids=report.failed)
