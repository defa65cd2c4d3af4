"""Celery entry points: they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from exports.services import export_build


@shared_task(name="exports.build", acks_late=True)
def export_build_task(job_id: str) -> str:
    return str(export_build(job_id=job_id).status)
