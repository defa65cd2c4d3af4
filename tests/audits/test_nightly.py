"""The nightly audit: scheduled by beat at 03:00, and the task records a nightly run."""

from __future__ import annotations

import pytest
from django.conf import settings

from audits.models import AuditRun
from audits.tasks import audit_nightly_task
from bourre_site import celery_app


def test_beat_runs_the_audit_every_night_at_three() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["audits-nightly"]
    celery_app.loader.import_default_modules()
    assert entry["task"] in celery_app.tasks
    schedule = entry["schedule"]
    assert (schedule.hour, schedule.minute) == ({3}, {0})


@pytest.mark.django_db
def test_the_nightly_task_records_a_nightly_run() -> None:
    audit_nightly_task()  # the task's body, as a worker runs it
    run = AuditRun.objects.get()
    assert run.trigger == "nightly"
    assert run.status == "succeeded"
    assert run.chain_ok is True
