"""Celery entry points: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from api_common.jobs import job_fail, jobs_sweep
from audits.models import AuditRun, AuditTrigger
from audits.services import audit_run


@shared_task(name="audits.run", acks_late=True, ignore_result=True)
def audit_run_task(run_id: str) -> str:
    try:
        return str(audit_run(run_id=run_id).status)
    except Exception as error:  # whatever broke, the run says so instead of hanging
        job_fail(AuditRun, run_id, f"{type(error).__name__}: {error}")
        raise


@shared_task(name="audits.nightly", acks_late=True, ignore_result=True)
def audit_nightly_task() -> str:
    run = audit_run(trigger=AuditTrigger.NIGHTLY)
    return f"{run.id} ok={run.ok}"


@shared_task(name="audits.sweep", ignore_result=True)
def audits_sweep_task() -> None:
    """Beat: re-enqueue runs the broker lost, requeue or fail runs whose worker died."""
    jobs_sweep(AuditRun, enqueue=audit_run_task.delay, what="audit")
