"""Scratch databases for the migration-history tests (tests/eventlog/test_carry.py,
tests/followers/test_carry_checkpoints.py): each test migrates a database of its own back
and forth on the test server and writes to it as the code of that schema did.

Their `manage.py` steps go to one process per session that keeps Django set up
(tests/manage_server.py), and a test that starts at the first schema (the games migration
before the log's partitioning) starts from a copy of one database migrated there once per
session (`CREATE DATABASE ... TEMPLATE`). Both are the same steps `manage.py` takes: what
each test migrates through is unchanged."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import psycopg
import pytest
from django.conf import settings
from psycopg.conninfo import conninfo_to_dict, make_conninfo

ROOT = Path(__file__).resolve().parent.parent
#: how long one step may take (as `manage.py` was given before)
STEP_TIMEOUT_S = 300


def games_migration(part: str) -> tuple[str, str]:
    """The games migration whose name holds ``part``, and the one before it."""
    from django.db.migrations.loader import MigrationLoader

    loader = MigrationLoader(None, ignore_no_migrations=True)
    (name,) = [n for app, n in loader.disk_migrations if app == "games" and part in n]
    (before,) = [n for _, n in loader.disk_migrations[("games", name)].dependencies]
    return name, before


#: The games migration before the log's partitioning (the first schema), whatever the
#: numbering at merge.
PREVIOUS = games_migration("club_partitions")[1]


def _url(config: dict[str, Any], name: str) -> str:
    return (
        f"postgres://{config['USER']}:{config['PASSWORD']}@{config.get('HOST') or '127.0.0.1'}:"
        f"{config.get('PORT') or 5432}/{name}"
    )


def _environment(name: str) -> dict[str, str]:
    """How `manage.py` reaches the database `name`: as the owner, as migrations run."""
    return {
        **os.environ,
        "DATABASE_URL": _url(settings.APP_DATABASE, name),
        "DATABASE_OWNER_URL": _url(settings.OWNER_DATABASE, name),
        "DJANGO_DB_ROLE": "owner",
        "DJANGO_SETTINGS_MODULE": "bourre_site.settings.local",
    }


class Manager:
    """The session's `manage.py` (tests/manage_server.py)."""

    def __init__(self, env: dict[str, str]) -> None:
        # what it writes to standard error, read back if it stops answering
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.manage_server"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            encoding="utf-8",
        )

    def run(self, database: str, *args: str) -> tuple[int, str, str]:
        """`manage.py ARGS` on `database`: its exit status, standard output and error."""
        stdin, stdout = self.pipes()
        stdin.write(json.dumps({"database": database, "args": list(args)}) + "\n")
        stdin.flush()
        ready, _, _ = select.select([stdout], [], [], STEP_TIMEOUT_S)
        line = stdout.readline() if ready else ""
        if not line:
            self.log.seek(0)
            raise RuntimeError(f"manage.py {' '.join(args)}: no answer\n{self.log.read()}")
        answer = json.loads(line)
        return answer["status"], answer["stdout"], answer["stderr"]

    def pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        return self.process.stdin, self.process.stdout

    def close(self) -> None:
        self.pipes()[0].close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@dataclass(frozen=True)
class Scratch:
    """A scratch database: its name, raw connections to it as the owner and as the
    application role, and its `manage.py`."""

    name: str
    owner: str
    app: str
    manager: Manager

    def manage(self, *args: str) -> str:
        """`manage.py ARGS` on this database, which must succeed: its standard output."""
        status, out, err = self.manager.run(self.name, *args)
        assert status == 0, err + out
        return out

    def refused(self, *args: str) -> str:
        """`manage.py ARGS` on this database, which must fail: its standard error."""
        status, out, err = self.manager.run(self.name, *args)
        assert status != 0, out
        return err


def _scratch(owner_dsn: str, name: str, manager: Manager) -> Scratch:
    params = conninfo_to_dict(owner_dsn)
    return Scratch(
        name=name,
        owner=make_conninfo(**{**params, "dbname": name}),
        app=make_conninfo(
            **{
                **params,
                "dbname": name,
                "user": settings.APP_DATABASE["USER"],
                "password": settings.APP_DATABASE["PASSWORD"],
            }
        ),
        manager=manager,
    )


def _create(owner_dsn: str, name: str, template: str | None = None) -> None:
    """Create the scratch database `name`, empty or a copy of `template`. A copy needs the
    template to have no session: one just closed may still be ending, so try again for a
    few seconds."""
    deadline = time.monotonic() + 10
    while True:
        try:
            with psycopg.connect(owner_dsn, autocommit=True) as conn:
                conn.execute(
                    f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else "")
                )
            return
        except psycopg.errors.ObjectInUse:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _drop(owner_dsn: str, name: str) -> None:
    """Drop the scratch database. A session that has just closed may still be ending (and
    the owner may not terminate another role's session): try again for a few seconds
    rather than fail the teardown on a busy machine."""
    deadline = time.monotonic() + 10
    while True:
        try:
            with psycopg.connect(owner_dsn, autocommit=True) as conn:
                conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            return
        except psycopg.errors.Error:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.fixture(scope="session")
def manager(test_db_name: str) -> Iterator[Manager]:
    """One `manage.py` for the session's scratch databases."""
    running = Manager(_environment(test_db_name))
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def scratch(owner_dsn: str, manager: Manager) -> Iterator[Scratch]:
    """An empty scratch database."""
    name = f"carry_{uuid.uuid4().hex[:10]}"
    _create(owner_dsn, name)
    try:
        yield _scratch(owner_dsn, name, manager)
    finally:
        _drop(owner_dsn, name)


@pytest.fixture(scope="session")
def first_schema(owner_dsn: str, manager: Manager) -> Iterator[str]:
    """A database migrated once to PREVIOUS (the first schema), which `first_log` copies: the
    migration from an empty database was most of each test's time, and a copy made with
    CREATE DATABASE ... TEMPLATE is that same database."""
    name = f"carry_first_{uuid.uuid4().hex[:10]}"
    _create(owner_dsn, name)
    try:
        _scratch(owner_dsn, name, manager).manage("migrate", "games", PREVIOUS)
        yield name
    finally:
        _drop(owner_dsn, name)


@pytest.fixture
def first_log(owner_dsn: str, first_schema: str, manager: Manager) -> Iterator[Scratch]:
    """A scratch database at the first schema (PREVIOUS), as `scratch` migrated there."""
    name = f"carry_{uuid.uuid4().hex[:10]}"
    _create(owner_dsn, name, template=first_schema)
    try:
        yield _scratch(owner_dsn, name, manager)
    finally:
        _drop(owner_dsn, name)
