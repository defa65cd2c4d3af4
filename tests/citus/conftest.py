"""The cluster's own tests: they run on Citus only (``make test-citus``) and are skipped on
single-node PostgreSQL (``make test``)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo


@pytest.fixture(scope="session")
def citus(superuser_dsn: str, django_db_blocker: Any) -> str:
    """The coordinator's superuser DSN on the test database; skips without Citus."""
    with psycopg.connect(superuser_dsn) as conn:
        found = conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'citus'").fetchone()
    if not found:
        pytest.skip("not a Citus database (make test-citus)")
    return superuser_dsn


def node_dsn(dsn: str, host: str, port: int) -> str:
    """``dsn`` (its role, password and database) at another node."""
    return make_conninfo(**{**conninfo_to_dict(dsn), "host": host, "port": str(port)})


#: Distributed by club beside the log: the migration's own list (games.0015), a club's rows
#: on its log's worker.
READ_MODELS: tuple[str, ...] = import_module("games.migrations.0015_citus_read_models").READ_MODELS


def placement(dsn: str, club: object, table: str = "eventstore_event") -> tuple[str, int]:
    """The node (host, port) holding ``club``'s shard of ``table`` (the log by default)."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute(
            "SELECT p.nodename, p.nodeport FROM pg_dist_shard_placement p "
            "WHERE p.shardid = get_shard_id_for_distribution_column(%s, %s::uuid)",
            [table, str(club)],
        ).fetchone()
    assert row is not None
    return str(row[0]), int(row[1])


def shard_table(dsn: str, club: object, table: str = "eventstore_event") -> str:
    """The worker-side name of the shard of ``table`` holding ``club``."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute(
            "SELECT %s || '_' || get_shard_id_for_distribution_column(%s, %s::uuid)",
            [table, table, str(club)],
        ).fetchone()
    assert row is not None
    return str(row[0])
