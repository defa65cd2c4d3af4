"""Two clubs whose logs live on different workers: each append runs on its club's worker
(delegated, one round trip), the events are in that worker's shard, and each club's audit
export verifies with the standalone verifier."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest
from django.core.management import call_command

from clubs.models import Club
from eventlog import last_position, partition_heads, verify_chain
from tests.audits.helpers import run_verifier, sitting_table
from tests.citus.conftest import READ_MODELS, node_dsn, placement, shard_table
from tests.clubs.helpers import make_club

pytestmark = pytest.mark.django_db(transaction=True)


def clubs_on_two_workers(citus: str) -> list[Club]:
    """Clubs made until two of them have their shards on different workers."""
    by_node: dict[tuple[str, int], Club] = {}
    for _ in range(40):
        club = make_club()
        by_node.setdefault(placement(citus, club.id), club)
        if len(by_node) == 2:
            return list(by_node.values())
    raise AssertionError("40 clubs, every one on the same worker")


def test_two_clubs_on_different_workers_each_export_and_verify(citus: str, tmp_path: Path) -> None:
    clubs = clubs_on_two_workers(citus)
    for seed, club in enumerate(clubs, start=40):
        sitting_table(club, seed=seed, deals=2)

    heads = partition_heads()
    for club in clubs:
        host, port = placement(citus, club.id)
        # The rows are physically in the shard on that worker.
        with psycopg.connect(node_dsn(citus, host, port)) as worker:
            stored = worker.execute(
                f"SELECT count(*), max(position) FROM {shard_table(citus, club.id)} "
                "WHERE club_id = %s",
                [club.id],
            ).fetchone()
        assert stored is not None
        assert stored[0] == stored[1] == last_position(club=club.id) == heads[str(club.id)]
        assert verify_chain(club=club.id).ok

        path = tmp_path / f"{club.id}.jsonl"
        call_command("export_audit_log", str(path), "--club", str(club.id))
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert [e["position"] for e in lines[1:]] == list(range(1, stored[0] + 1))
        result = run_verifier(path)
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.startswith(f"OK {stored[0]} events of club {club.id}")
    assert placement(citus, clubs[0].id) != placement(citus, clubs[1].id)


def test_an_append_is_sent_whole_to_the_clubs_worker(citus: str, app_dsn: str) -> None:
    """Citus says it pushes the call down, inside a transaction block too (the service
    appends in its own transaction)."""
    club = make_club()
    messages: list[str] = []
    with psycopg.connect(app_dsn) as conn:
        conn.add_notice_handler(lambda notice: messages.append(notice.message_primary or ""))
        with conn.transaction():
            conn.execute("SET LOCAL client_min_messages = debug1")
            conn.execute(
                "SELECT * FROM eventstore_append(%s::uuid, 'delegated', 0, '{Noted}', '{1}', "
                "'{\"{}\"}', '{}', '\"delegated\"', '{\"\\\"Noted\\\"\"}', NULL, NULL)",
                [club.id],
            )
    assert any("pushing down function call" in m for m in messages), messages
    assert last_position(club=club.id) == 1
    assert verify_chain(club=club.id).ok


def test_a_clubs_read_models_are_on_its_logs_worker(citus: str) -> None:
    """The table's state, its deals, stored answers, the ledger's rows: every row of a club
    is in the shard on the worker holding its events (one worker per card play)."""
    clubs = clubs_on_two_workers(citus)
    for seed, club in enumerate(clubs, start=50):
        sitting_table(club, seed=seed, deals=2)
    for club in clubs:
        host, port = placement(citus, club.id)
        with psycopg.connect(citus) as conn, psycopg.connect(node_dsn(citus, host, port)) as worker:
            for table in READ_MODELS:
                assert placement(citus, club.id, table) == (host, port), table
                everywhere = conn.execute(
                    f"SELECT count(*) FROM {table} WHERE club_id = %s", [club.id]
                ).fetchone()
                here = worker.execute(
                    f"SELECT count(*) FROM {shard_table(citus, club.id, table)} WHERE club_id = %s",
                    [club.id],
                ).fetchone()
                assert everywhere == here, table
                assert here is not None
                # A sitting writes every one but the stored answers (no Idempotency-Key)
                # and the followers' checkpoints (no follower runs here).
                if table not in ("games_tablerequest", "followers_subscriptionclubcheckpoint"):
                    assert here[0] > 0, table
