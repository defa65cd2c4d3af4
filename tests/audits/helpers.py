"""Tables with realistic sittings, and tampering with stored rows as the owner role.

The log is shared by the whole session and can never be emptied, so tests name their own
tables and positions, and every tampering is undone before the test ends.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

from clubs.models import Club
from eventlog import RecordedEvent, read_stream
from games.engine.simulate import random_sitting
from games.models import Table
from games.services import table_import

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "tools" / "verify_audit_log.py"


def sitting_table(club: Club, *, seed: int, deals: int = 3, variant: str = "louisiana") -> Table:
    """A table holding a random, complete and legal sitting of four players."""
    sim = random_sitting(random.Random(seed), variant, 4, deals)
    return table_import(club=club, name=f"sitting {seed}", transcript=sim.transcript)


def stream_events(table: Table) -> list[RecordedEvent]:
    return read_stream(stream=f"table-{table.id}")


@contextmanager
def triggers_disabled(dsn: str, table: str) -> Iterator[psycopg.Cursor[Any]]:
    """A cursor in one transaction during which ``table``'s user triggers are off (the
    append-only guard included). Other sessions never see them off: ALTER TABLE holds its
    lock until the commit, which turns them back on."""
    with psycopg.connect(dsn) as conn, conn.cursor() as cursor:
        # Citus asks for it to touch a distributed table's triggers (a placeholder without).
        cursor.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        yield cursor
        cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")


@contextmanager
def tampered_event(dsn: str, event: RecordedEvent, change: dict[str, Any]) -> Iterator[None]:
    """``event`` with ``change`` merged into its data, as someone with database access might
    do; put back exactly as stored on exit."""
    where = "WHERE club_id = %s AND position = %s"
    key = [event.club, event.position]
    with triggers_disabled(dsn, "eventstore_event") as cursor:
        cursor.execute(f"SELECT data::text FROM eventstore_event {where}", key)
        original = cursor.fetchone()[0]
        cursor.execute(
            f"UPDATE eventstore_event SET data = data || %s::jsonb {where}",
            [psycopg.types.json.Jsonb(change), *key],
        )
    try:
        yield
    finally:
        with triggers_disabled(dsn, "eventstore_event") as cursor:
            cursor.execute(
                f"UPDATE eventstore_event SET data = %s::jsonb {where}", [original, *key]
            )


def run_verifier(path: Path | str) -> subprocess.CompletedProcess[str]:
    """The shipped script in an isolated interpreter (-I: no project on the path, no
    site-packages), from a directory outside the project: only the standard library."""
    return subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(path)],
        capture_output=True,
        text=True,
        cwd=Path(path).parent,
        timeout=120,
        check=False,
    )


def tamper_ledger_leg(dsn: str, *, table_id: str, add: int) -> dict[str, Any]:
    """Add ``add`` chips to the amount of the table's first pot-won leg, as the owner role
    (the ledger is an ordinary table: no trigger stands in the way). Returns the leg's key
    and amount as stored before."""
    with psycopg.connect(dsn) as conn, conn.cursor() as cursor:
        cursor.execute(
            "SELECT id, position, transaction, leg, amount FROM ledger_posting_leg "
            "WHERE table_id = %s AND kind = 'pot_won' ORDER BY position, transaction, leg "
            "LIMIT 1",
            [table_id],
        )
        row_id, position, transaction, leg, amount = cursor.fetchone()
        cursor.execute(
            "UPDATE ledger_posting_leg SET amount = amount + %s WHERE id = %s", [add, row_id]
        )
    return {"key": (position, transaction, leg), "amount": amount}


def wait_for_quiet_database(queue: str, timeout: float = 30) -> None:
    """Until this session's task queue is empty and no other session (the worker, busy
    with a projector woken by this test's appends) is inside a statement or a transaction:
    a transactional test's flush (TRUNCATE) racing such a task can deadlock. The queue counts
    only while a worker of this process consumes it: with none, the wake-ups of the tests
    before piled up there and each flush waited the whole timeout for them (30 s, a dozen
    times a run)."""
    import time

    import redis
    from django.conf import settings
    from django.db import connection

    from tests.workers import consumed

    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    deadline = time.monotonic() + timeout
    quiet = 0
    try:
        while quiet < 3 and time.monotonic() < deadline:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*), count(*) FILTER (WHERE state <> 'idle') "
                    "FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid()"
                )
                connected, busy = cursor.fetchone()
            if connected == 0:
                return  # no worker has touched this database: nothing can race the flush
            queued = broker.llen(queue) if consumed(queue) else 0  # else no one runs them
            quiet = quiet + 1 if busy == 0 and queued == 0 else 0
            time.sleep(0.05)
    finally:
        broker.close()
