"""A third worker joins and the shards are rebalanced onto it (``citus_rebalance_start``)
while clubs (two on every shard) go on appending: no append is lost or doubled, positions
and versions stay gap-free, and every club's chain verifies."""

from __future__ import annotations

import os
import subprocess
import threading
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from django.db import DatabaseError, connection

from eventlog import NewEvent, append, read_all, verify_chain
from tests.citus.conftest import READ_MODELS, placement

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
RETRIES = 50


class Writer(threading.Thread):
    """Appends one event at a time to its club; a failed append (a shard switching over)
    is retried with the same idempotency key and expected version, so it lands once."""

    def __init__(self, club: uuid.UUID, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.club, self.stop, self.acknowledged, self.failures = club, stop, 0, 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.append_once(self.acknowledged + 1)
                self.acknowledged += 1
        except BaseException as error:  # reported by the test
            self.error = error
        finally:
            connection.close()

    def append_once(self, n: int) -> None:
        for _ in range(RETRIES):
            try:
                append(
                    stream=f"rebalance-{self.club}",
                    club=self.club,
                    expected_version=n - 1,
                    events=[NewEvent(type="CardPlayed", data={"card": "A♠", "n": n})],
                    idempotency_key=f"play-{n}",
                )
                return
            except DatabaseError:
                self.failures += 1
                connection.close()
                time.sleep(0.2)
        raise AssertionError(f"append {n} of {self.club} failed {RETRIES} times")


def clubs_on_every_shard(dsn: str, per_shard: int = 2) -> list[uuid.UUID]:
    """Clubs, ``per_shard`` on each shard of the log: whichever shards move, clubs move."""
    by_shard: dict[int, list[uuid.UUID]] = {}
    with psycopg.connect(dsn) as conn:
        shards = conn.execute(
            "SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = 'eventstore_event'::regclass"
        ).fetchone()
        assert shards is not None
        while sum(min(len(c), per_shard) for c in by_shard.values()) < shards[0] * per_shard:
            club = uuid.uuid4()
            row = conn.execute(
                "SELECT get_shard_id_for_distribution_column('eventstore_event', %s::uuid)",
                [club],
            ).fetchone()
            assert row is not None
            by_shard.setdefault(int(row[0]), []).append(club)
    return [club for clubs in by_shard.values() for club in clubs[:per_shard]]


def test_rebalancing_onto_a_third_worker_while_clubs_play(citus: str, test_db_name: str) -> None:
    clubs = clubs_on_every_shard(citus)
    before = {club: placement(citus, club) for club in clubs}
    stop = threading.Event()
    writers = [Writer(club, stop) for club in clubs]
    for writer in writers:
        writer.start()
    time.sleep(2)

    subprocess.run(
        [str(ROOT / "scripts" / "citus.sh"), "add-spare", test_db_name],
        check=True,
        env=os.environ,
        timeout=300,
    )
    with psycopg.connect(citus, autocommit=True) as conn:
        conn.execute("SELECT citus_rebalance_start()")
        conn.execute("SET statement_timeout = '600s'")
        conn.execute("SELECT citus_rebalance_wait()")
        state = conn.execute(
            "SELECT state FROM citus_rebalance_status() ORDER BY job_id DESC LIMIT 1"
        ).fetchone()
        nodes = conn.execute(
            "SELECT count(DISTINCT nodeport) FROM pg_dist_shard_placement p "
            "JOIN pg_dist_shard s USING (shardid) "
            "WHERE s.logicalrelid = 'eventstore_event'::regclass"
        ).fetchone()
    time.sleep(2)  # appends go on after the switch-over
    stop.set()
    for writer in writers:
        writer.join(timeout=120)

    assert state is not None
    assert state[0] == "finished", state
    assert nodes is not None
    assert nodes[0] == 3
    moved = [club for club in clubs if placement(citus, club) != before[club]]
    assert moved, "no playing club's shard moved"
    # The read models' shards moved with the log's: co-located, still together.
    for club in moved:
        assert {placement(citus, club, table) for table in READ_MODELS} == {placement(citus, club)}
    # For the record (pytest -rP shows it): docs/scaling.md quotes a run.
    print(
        f"{sum(w.acknowledged for w in writers)} appends over {len(clubs)} clubs, "
        f"{len(moved)} clubs moved, {sum(w.failures for w in writers)} failed tries retried"
    )
    for writer in writers:
        assert writer.error is None, writer.error
        assert writer.acknowledged > 0
        events = read_all(club=writer.club, limit=1_000_000)
        assert [e.position for e in events] == list(range(1, writer.acknowledged + 1))
        assert [e.version for e in events] == list(range(1, writer.acknowledged + 1))
        assert [e.data["n"] for e in events] == list(range(1, writer.acknowledged + 1))
        assert verify_chain(club=writer.club).ok
