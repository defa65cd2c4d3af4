"""Celery entry points: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from audits.models import AuditRun, AuditTrigger
from audits.services import audit_run
from common.jobs import job_run, jobs_sweep


@shared_task(name="audits.run", acks_late=True, ignore_result=True)
def audit_run_task(run_id: str) -> str:
    return job_run(AuditRun, run_id, lambda: audit_run(run_id=run_id))


@shared_task(name="audits.nightly", acks_late=True, ignore_result=True)
def audit_nightly_task() -> str:
    run = audit_run(trigger=AuditTrigger.NIGHTLY)
    return f"{run.id} ok={run.ok}"


@shared_task(name="audits.sweep", ignore_result=True)
def audits_sweep_task() -> None:
    """Beat: re-enqueue runs the broker lost, requeue or fail runs whose worker died."""
    jobs_sweep(AuditRun, enqueue=audit_run_task.delay, what="audit")
