from __future__ import annotations

import subprocess

import pytest

from bourre_site import celery_app


@pytest.fixture
def worker(celery_worker_process: subprocess.Popen[bytes]) -> subprocess.Popen[bytes]:
    """The session's real worker, with the site's Celery app current in this process: the
    ping probe `celery_worker_process` creates becomes the current app, and tasks sent
    through it would go to Celery's default queue, which this worker does not consume."""
    celery_app.set_current()
    return celery_worker_process
