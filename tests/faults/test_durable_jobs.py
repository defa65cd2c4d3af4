"""Jobs whose row is the truth: accepted while the broker is down, swept when their
message or worker was lost, and always ending `succeeded` or `failed`."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from audits.models import AuditRun
from clubs.models import Club
from common.jobs import jobs_sweep
from exports.models import ExportJob
from exports.services import export_build
from projectors.models import TaskRun
from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def broker_down() -> Iterator[None]:
    """This process's Celery app talks to a port where nothing listens."""
    from bourre_site.celery import app

    original = app.conf.broker_url
    app.conf.broker_url = f"redis://127.0.0.1:{_closed_port()}/0"
    app._pool = None
    app.amqp._producer_pool = None
    try:
        yield
    finally:
        app.conf.broker_url = original
        app._pool = None
        app.amqp._producer_pool = None


@pytest.fixture
def club() -> Club:
    return make_club()


def key(club: Club, role: str) -> APIClient:
    return client_for(make_key(club, role)[1])


@pytest.mark.parametrize(
    ("role", "path", "body", "model"),
    [
        ("auditor", "/api/v1/exports", {"kind": "ledger"}, ExportJob),
        ("auditor", "/api/v1/audits", None, AuditRun),
        ("operator", "/api/v1/projections/player_stats/rebuild", None, TaskRun),
    ],
)
def test_with_the_broker_down_a_job_is_accepted_quickly_and_stays_queued(
    club: Club,
    broker_down: None,
    django_capture_on_commit_callbacks: Any,
    role: str,
    path: str,
    body: Any,
    model: Any,
) -> None:
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        response = key(club, role).post(path, body, format="json")
    elapsed = time.monotonic() - started
    assert response.status_code == 202, response.content
    assert elapsed < 4, f"took {elapsed:.1f}s with the broker down"
    job = model.objects.get(pk=response.json()["id"])
    assert job.status == "queued"


def _sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    sent: list[str] = []
    monkeypatch.setattr("exports.tasks.export_build_task.delay", lambda job_id: sent.append(job_id))
    return sent


def _job(club: Club, **fields: Any) -> ExportJob:
    job = ExportJob.objects.create(club=club, kind="ledger", format="json")
    ExportJob.objects.filter(pk=job.pk).update(**fields)
    return ExportJob.objects.get(pk=job.pk)


def test_the_sweep_resends_lost_messages_requeues_dead_workers_and_gives_up(
    club: Club, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    from exports.tasks import export_build_task

    sent = _sent(monkeypatch)
    long_ago = timezone.now() - timedelta(hours=2)
    fresh = _job(club)  # just accepted: its message is surely still on its way
    lost = _job(club, updated_at=long_ago)  # the broker lost its message
    died = _job(club, status="running", attempts=1, updated_at=long_ago)
    hopeless = _job(club, status="running", attempts=3, updated_at=long_ago)
    busy = _job(club, status="running", attempts=1)  # a live worker reported lately
    with django_capture_on_commit_callbacks(execute=True):
        report = jobs_sweep(ExportJob, enqueue=export_build_task.delay, what="export")
    assert sorted(sent) == sorted([str(lost.pk), str(died.pk)])
    assert report.resent == [str(lost.pk)]
    assert report.requeued == [str(died.pk)]
    assert report.failed == [str(hopeless.pk)]
    states = {j.pk: j for j in ExportJob.objects.filter(club=club)}
    assert states[fresh.pk].status == "queued"
    assert states[died.pk].status == "queued"
    assert states[busy.pk].status == "running"
    assert states[hopeless.pk].status == "failed"
    assert "3 times" in states[hopeless.pk].error


def test_a_job_is_run_once_even_if_its_message_comes_twice(club: Club) -> None:
    job = _job(club)
    assert export_build(job_id=job.pk).status == "succeeded"
    first = ExportJob.objects.get(pk=job.pk)
    assert export_build(job_id=job.pk).finished_at == first.finished_at
    running = _job(club, status="running", attempts=1)
    assert export_build(job_id=running.pk).status == "running"  # someone else has it
    assert ExportJob.objects.get(pk=running.pk).attempts == 1


def test_an_overflowing_range_fails_the_job_instead_of_leaving_it_running(club: Club) -> None:
    job = _job(club, date_to=date(9999, 12, 31))
    built = export_build(job_id=job.pk)
    assert built.status == "failed"
    assert "OverflowError" in built.error


def test_any_exception_in_a_task_ends_its_job_failed(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    from exports.tasks import export_build_task

    def explode(**_: Any) -> Any:
        raise RuntimeError("the disk caught fire")

    monkeypatch.setattr("exports.services.exports_dir", explode)  # outside the try
    job = _job(club)
    with pytest.raises(RuntimeError):
        export_build_task.run(str(job.pk))
    failed = ExportJob.objects.get(pk=job.pk)
    assert (failed.status, failed.error) == ("failed", "RuntimeError: the disk caught fire")


@pytest.mark.parametrize(("field", "day"), [("to", "9999-12-31"), ("from", "0001-01-01")])
def test_an_export_range_out_of_bounds_is_422(club: Club, field: str, day: str) -> None:
    response = key(club, "auditor").post(
        "/api/v1/exports", {"kind": "ledger", field: day}, format="json"
    )
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("date_out_of_range", field)


@pytest.mark.skipif(
    "127.0.0.1" not in __import__("os").environ.get("REDIS_URL", "127.0.0.1"),
    reason="only the project-local Redis is ours to inspect",
)
def test_the_local_redis_keeps_an_append_only_file() -> None:
    import redis
    from django.conf import settings

    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
    assert client.config_get("appendonly") == {"appendonly": "yes"}
