"""Celery entry points: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from audits.models import AuditTrigger
from audits.services import audit_run


@shared_task(name="audits.run", acks_late=True)
def audit_run_task(run_id: str) -> str:
    return str(audit_run(run_id=run_id).status)


@shared_task(name="audits.nightly", acks_late=True)
def audit_nightly_task() -> str:
    run = audit_run(trigger=AuditTrigger.NIGHTLY)
    return f"{run.id} ok={run.ok}"
