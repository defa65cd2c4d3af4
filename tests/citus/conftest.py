"""The cluster's own tests: they run on Citus only (``make test-citus``) and are skipped on
single-node PostgreSQL (``make test``)."""

from __future__ import annotations

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


def placement(dsn: str, club: object) -> tuple[str, int]:
    """The node (host, port) holding ``club``'s shard of the log."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute(
            "SELECT p.nodename, p.nodeport FROM pg_dist_shard_placement p "
            "WHERE p.shardid = get_shard_id_for_distribution_column('eventstore_event', %s::uuid)",
            [str(club)],
        ).fetchone()
    assert row is not None
    return str(row[0]), int(row[1])


def shard_table(dsn: str, club: object) -> str:
    """The worker-side name of the shard of ``eventstore_event`` holding ``club``."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute(
            "SELECT 'eventstore_event_' || get_shard_id_for_distribution_column("
            "'eventstore_event', %s::uuid)",
            [str(club)],
        ).fetchone()
    assert row is not None
    return str(row[0])
