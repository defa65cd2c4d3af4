"""Test wiring: real PostgreSQL, two roles, and an opt-in real Celery worker.

The test database is created and migrated as the owner role (``DATABASE_OWNER_URL``), then
every connection switches to the application role (``DATABASE_URL``), so tests run with the
privileges production has. ``owner_dsn`` / ``superuser_dsn`` give raw psycopg access for
tests that must act as those roles (``DATABASE_SUPERUSER_URL`` falls back to the owner).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dj_database_url
import pytest
from django.conf import settings
from django.db import connections

from tests.alone import is_alone
from tests.workers import spawn_celery_worker, stop_workers

# Test receivers listen on 127.0.0.1, which webhooks refuse by default (webhooks/targets.py);
# set for the whole session (and the workers it starts) so a webhook test outside
# tests/webhooks/ sees the same setting.
os.environ.setdefault("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "1")


def _one_origin() -> None:
    """One host for the clubs' logs in this process and every process it starts (Celery
    workers, servers on free ports: settings.base would name each after its own port), so
    a checkpoint signed by any of them verifies under the key the tests compute. It is the
    live server's address, fixed here (a free port per pytest process: xdist workers import
    this module each), as the public /verify page accepts only receipts of the host that
    serves it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        address = f"localhost:{probe.getsockname()[1]}"
    os.environ["DJANGO_LIVE_TEST_SERVER_ADDRESS"] = address
    os.environ["BOURRE_TLOG_HOST"] = address
    settings.TRANSPARENCY_HOST = address


_one_origin()

ROOT = Path(__file__).resolve().parent.parent


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `alone` the tests tests/alone.py lists (scripts/test.sh runs them by themselves)."""
    for item in items:
        if is_alone(item.nodeid):
            item.add_marker(pytest.mark.alone)


def _dsn(config: dict[str, Any], name: str) -> str:
    from psycopg.conninfo import make_conninfo

    return make_conninfo(
        host=config.get("HOST") or "127.0.0.1",
        port=str(config.get("PORT") or 5432),
        user=config.get("USER") or "",
        password=config.get("PASSWORD") or "",
        dbname=name,
    )


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """After pytest-django creates and migrates the test database as the owner role,
    connect as the application role for the rest of the session."""
    shared = connections.settings["default"]
    owner = {key: shared[key] for key in ("USER", "PASSWORD", "HOST", "PORT")}
    app = settings.APP_DATABASE
    with django_db_blocker.unblock():
        for connection in connections.all():
            connection.close()
    shared.update({key: app[key] for key in ("USER", "PASSWORD", "HOST", "PORT")})
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            for connection in connections.all():
                connection.close()
        shared.update(owner)  # pytest-django drops the test database as the owner


@pytest.fixture(scope="session", autouse=True)
def _flush_retries_deadlocks() -> Iterator[None]:
    """Transactional tests end with a flush (one TRUNCATE of every managed table). A real
    Celery worker still finishing a task can deadlock with it; the flush is safe to retry."""
    from django.core.management.base import CommandError
    from django.test import TransactionTestCase

    original = TransactionTestCase._fixture_teardown

    # A worker's catch-up can take a while after a flush (the log outlives it, the
    # checkpoints do not: it reads the whole log again), so the flush waits longer each time.
    attempts = 10

    def teardown_with_retries(self: TransactionTestCase) -> None:
        for attempt in range(attempts):
            try:
                return original(self)
            except CommandError as error:
                if "deadlock" not in str(error.__cause__ or error) or attempt == attempts - 1:
                    raise
                for connection in connections.all():
                    connection.close()
                time.sleep(0.3 * (attempt + 1))

    TransactionTestCase._fixture_teardown = teardown_with_retries  # type: ignore[method-assign]
    yield
    TransactionTestCase._fixture_teardown = original  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def test_db_name(django_db_setup: None) -> str:
    return str(connections.settings["default"]["NAME"])


@pytest.fixture(scope="session")
def app_dsn(test_db_name: str) -> str:
    return _dsn(settings.APP_DATABASE, test_db_name)


@pytest.fixture(scope="session")
def owner_dsn(test_db_name: str) -> str:
    return _dsn(settings.OWNER_DATABASE, test_db_name)


@pytest.fixture(scope="session")
def superuser_dsn(test_db_name: str) -> str:
    url = os.environ.get("DATABASE_SUPERUSER_URL")
    config = dj_database_url.parse(url) if url else settings.OWNER_DATABASE
    return _dsn(config, test_db_name)


@pytest.fixture(scope="session")
def celery_worker_process(
    django_db_setup: None, test_db_name: str, django_db_blocker: Any
) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``celery worker`` on the test database (application role) and the local Redis,
    consuming this session's own queue. Data a task must see has to be committed: use it
    with ``transactional_db`` (or ``django_db(transaction=True)``)."""
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    process, _ = spawn_celery_worker(test_db_name, queue, node_prefix="test")
    try:
        yield process
    finally:
        stop_workers([process])


@pytest.fixture(autouse=True)
def _no_stale_wake_marks() -> None:
    """A wake mark left by an earlier test whose task no worker ran would hold back this
    test's wake-up (eventlog.wakeup: one pending task per subscription)."""
    from eventlog.wakeup import pending_reset

    pending_reset()


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """A request through LocaleMiddleware leaves its language active in the thread; the next
    test (a management command called directly, whose words are checked) starts in the
    default language whichever test ran before it on this worker."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def clubs_of_the_whole_log() -> None:
    """A test that rebuilds from the whole log rebuilds every table in it, and the log is
    append-only: it outlives the transactional tests whose flush removed their clubs. Their
    clubs are put back (in this test's transaction) so the rebuilt `Table` rows have them,
    whichever tests ran before on this worker."""
    from clubs.models import Club
    from eventlog import partition_heads
    from eventlog.reader import NO_CLUB

    clubs = {str(pk) for pk in Club.objects.values_list("pk", flat=True)}
    missing = set(partition_heads()) - clubs - {NO_CLUB}
    Club.objects.bulk_create(Club(id=pk, name=f"left in the log {pk}") for pk in missing)
