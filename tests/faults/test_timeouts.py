"""The web's bounds on its database sessions (settings.WEB_DB_TIMEOUTS, docs/operations.md
"Timeouts"): a runaway query or a lock wait is stopped by the server and answered 503
`database_timeout` (a short page in the app), never a thread held for good or a 500."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import Any

import psycopg
import pytest
from django.db import connection

from bourre_site.settings.base import WEB_DB_TIMEOUTS, with_session_timeouts
from eventlog.schema import LOCK_CLASS
from tests.clubs.helpers import client_for, make_club, make_key
from tests.faults.conftest import ROOT, test_db_env
from tests.tableapp.helpers import make_member, signed_in

SHOW = (
    "from django.db import connection\n"
    "c = connection.cursor()\n"
    "print(*[c.execute(f'SHOW {n}') and c.fetchone()[0] for n in "
    "('statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout')])\n"
)


def _bounds(test_db_name: str, entry: str) -> list[str]:
    """The three settings as a process started from `entry` sees them on its connection."""
    env = {**os.environ, **test_db_env(test_db_name)}
    env.pop("BOURRE_DB_TIMEOUTS", None)
    env.pop("DATABASE_OWNER_URL", None)
    code = f"{entry}\n{SHOW}"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_webs_connections_start_bounded_and_the_workers_do_not(test_db_name: str) -> None:
    assert _bounds(test_db_name, "import bourre_site.wsgi") == ["10s", "5s", "1min"]
    assert _bounds(test_db_name, "import bourre_site.asgi") == ["10s", "5s", "1min"]
    # The Celery worker and management commands: django.setup() without a web entry point.
    worker = "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', " \
        "'bourre_site.settings.local'); django.setup()"  # fmt: skip
    assert _bounds(test_db_name, worker) == ["0", "0", "0"]


def test_the_bounds_are_kept_after_the_urls_own_options() -> None:
    config = with_session_timeouts(
        {"NAME": "x", "OPTIONS": {"options": "-c search_path=a"}}, WEB_DB_TIMEOUTS
    )
    assert config["OPTIONS"]["options"] == (
        "-c search_path=a -c statement_timeout=10000 -c lock_timeout=5000 "
        "-c idle_in_transaction_session_timeout=60000"
    )
    off = with_session_timeouts({"OPTIONS": {}}, dict.fromkeys(WEB_DB_TIMEOUTS, 0))
    assert off == {"OPTIONS": {}}


def _runaway(*args: Any, **kwargs: Any) -> Any:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(5)")
    raise AssertionError("the statement_timeout did not stop the query")


@pytest.mark.django_db
def test_a_runaway_api_read_is_a_503_database_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = make_key(make_club(), "auditor")[1]
    api = client_for(raw)
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = '100ms'")  # as the web's, but short
    monkeypatch.setattr("games.api.tables.table_list", _runaway)
    answer = api.get("/api/v1/tables")
    assert answer.status_code == 503, answer.content
    assert answer.json()["error"]["code"] == "database_timeout"
    assert answer["Retry-After"] == "5"


@pytest.mark.django_db
def test_a_runaway_app_page_is_a_503_page_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    browser = signed_in(make_member())
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = '100ms'")
    monkeypatch.setattr("tableapp.views.tables.table_list_by_activity", _runaway)
    answer = browser.get("/app/", follow=True)
    assert answer.status_code == 503
    assert "This took too long" in answer.content.decode()
    assert answer["Retry-After"] == "5"


@pytest.mark.django_db(transaction=True)
def test_an_append_waiting_on_the_clubs_lock_gives_up_with_a_503(app_dsn: str) -> None:
    club = make_club()
    raw = make_key(club, "scorekeeper")[1]
    api = client_for(raw)
    created = api.post(
        "/api/v1/tables",
        {"name": "t", "variant": "louisiana", "players": ["ana", "ben", "cy"]},
        format="json",
    )
    assert created.status_code == 201, created.content
    table = created.json()["id"]
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '200ms'")
    held, release = threading.Event(), threading.Event()

    def hold_the_clubs_lock() -> None:
        # The club's append lock, as a long append of the club would hold it.
        with psycopg.connect(app_dsn) as other, other.transaction():
            other.execute(
                "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
                (LOCK_CLASS, str(club.id)),
            )
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold_the_clubs_lock)
    holder.start()
    try:
        assert held.wait(10)
        answer = api.post(
            f"/api/v1/tables/{table}/events",
            {"expected_version": 1, "events": [{"deal": {"dealer": "ana", "trump": "7S"}}]},
            format="json",
        )
    finally:
        release.set()
        holder.join(10)
    assert answer.status_code == 503, answer.content
    assert answer.json()["error"]["code"] == "database_timeout"
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = 0")
    assert api.get(f"/api/v1/tables/{table}").json()["version"] == 1  # nothing was written
