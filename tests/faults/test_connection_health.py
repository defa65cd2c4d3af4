"""The connection health check (bourre_site/postgres): a quiet connection is used without a
`SELECT 1`; one the server has ended is replaced before the request uses it."""

from __future__ import annotations

import select
import time

import psycopg
import pytest
from django.db import connection

pytestmark = pytest.mark.django_db(transaction=True)


def _request_starts() -> None:
    """What Django does to a persistent connection as a request begins."""
    connection.health_check_done = False


def test_a_quiet_connection_is_checked_without_a_query(monkeypatch: pytest.MonkeyPatch) -> None:
    connection.ensure_connection()
    assert connection.health_check_enabled
    monkeypatch.setattr(connection, "is_usable", lambda: pytest.fail("sent SELECT 1"))
    _request_starts()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 2")
        assert cursor.fetchone() == (2,)
    assert connection.health_check_done


def test_a_connection_the_server_ended_is_replaced_before_it_is_used(superuser_dsn: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (ended,) = cursor.fetchone()
    with psycopg.connect(superuser_dsn, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [ended])
    socket = connection.connection.pgconn.socket
    deadline = time.monotonic() + 5
    while not select.select([socket], [], [], 0.05)[0]:  # the server's goodbye arrives
        assert time.monotonic() < deadline
    _request_starts()
    with connection.cursor() as cursor:  # no error: a new connection
        cursor.execute("SELECT pg_backend_pid()")
        (now,) = cursor.fetchone()
    assert now != ended
