"""Celery entry points: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from common.jobs import job_run, jobs_sweep
from exports.models import ExportJob
from exports.services import export_build


@shared_task(name="exports.build", acks_late=True, ignore_result=True)
def export_build_task(job_id: str) -> str:
    return job_run(ExportJob, job_id, lambda: export_build(job_id=job_id))


@shared_task(name="exports.sweep", ignore_result=True)
def exports_sweep_task() -> None:
    """Beat: re-enqueue jobs the broker lost, requeue or fail jobs whose worker died."""
    jobs_sweep(ExportJob, enqueue=export_build_task.delay, what="export")
