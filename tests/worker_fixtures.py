"""Fixtures for tests that drive the session's real Celery worker through the API."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from django.conf import settings

from bourre_site import celery_app
from tests.audits.helpers import wait_for_quiet_database


@pytest.fixture
def worker(celery_worker_process: subprocess.Popen[bytes]) -> subprocess.Popen[bytes]:
    """The session's real worker, with the site's Celery app current in this process: the
    ping probe `celery_worker_process` creates becomes the current app, and tasks sent
    through it would go to Celery's default queue, which this worker does not consume."""
    celery_app.set_current()
    return celery_worker_process


@pytest.fixture(autouse=True)
def quiet_before_flush(request: pytest.FixtureRequest) -> Iterator[None]:
    """Transactional tests: let the worker finish what this test's appends woke before
    the database is flushed (set up after the database fixture, so torn down before)."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        yield
        return
    request.getfixturevalue("transactional_db")
    yield
    wait_for_quiet_database(settings.CELERY_TASK_DEFAULT_QUEUE)
