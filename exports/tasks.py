"""Celery entry points: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from api_common.jobs import job_fail, jobs_sweep
from exports.models import ExportJob
from exports.services import export_build


@shared_task(name="exports.build", acks_late=True, ignore_result=True)
def export_build_task(job_id: str) -> str:
    try:
        return str(export_build(job_id=job_id).status)
    except Exception as error:  # whatever broke, the job says so instead of hanging
        job_fail(ExportJob, job_id, f"{type(error).__name__}: {error}")
        raise


@shared_task(name="exports.sweep", ignore_result=True)
def exports_sweep_task() -> None:
    """Beat: re-enqueue jobs the broker lost, requeue or fail jobs whose worker died."""
    jobs_sweep(ExportJob, enqueue=export_build_task.delay, what="export")
