"""Migration games.0007_club_partitions carries a single-chain log forward.

A scratch database at the games migration before the partitioning (the first schema: a
copy of one migrated there once, tests/scratch.py) is written to with the first schema's
own append function, then migrated forward: every club's chain must verify, the events
must be the same facts, the archive must still verify as it was, and appends must go on
from where each club's chain ended. The last tests do the same across games.0009 (the
append answering one row) and games.0010 (a lock per club instead of head rows), both
ways."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import psycopg
import pytest

from eventlog.canonical import (
    GENESIS_HASH,
    canonical_json,
    event_hash,
    request_hash,
    v1_event_hash,
)
from eventlog.reader import NO_CLUB
from tests.scratch import (
    PREVIOUS,
    ROOT,
    Scratch,
    first_log,
    first_schema,
    games_migration,
    manager,
    scratch,
)

V1_APPEND = (
    "SELECT * FROM eventstore_append(%s::text, %s::integer, %s::text[], %s::integer[], "
    "%s::text[], %s::text, %s::text, %s::text[], %s::text, %s::text)"
)
__all__ = ["first_log", "first_schema", "manager", "scratch"]  # fixtures: tests/scratch.py


def v1_append(conn: psycopg.Connection, stream: str, events: list[tuple[str, dict]], key=None):
    contents = [{"type": t, "schema_version": 1, "data": d} for t, d in events]
    conn.execute(
        V1_APPEND,
        [
            stream,
            None,
            [t for t, _ in events],
            [1 for _ in events],
            [canonical_json(d) for _, d in events],
            canonical_json({"actor": "é"} if key is None else {"idempotency_key": key}),
            canonical_json(stream),
            [canonical_json(t) for t, _ in events],
            key,
            request_hash(stream=stream, events=contents) if key else None,
        ],
    )


def _rows(conn: psycopg.Connection, table: str, order: str) -> list[dict]:
    cursor = conn.cursor(row_factory=psycopg.rows.dict_row)
    return list(cursor.execute(f"SELECT * FROM {table} ORDER BY {order}"))


@pytest.mark.django_db
def test_a_single_chain_log_is_carried_into_one_verified_chain_per_club(first_log) -> None:
    scratch = first_log  # at PREVIOUS
    clubs = [str(uuid.uuid4()), str(uuid.uuid4())]
    tables = [f"table-{uuid.uuid4()}" for _ in range(3)]
    owners = [clubs[0], clubs[1], clubs[0]]
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        for stream, club in zip(tables, owners, strict=True):
            v1_append(conn, stream, [("TableCreated", {"club_id": club, "name": "é"})])
        for n in range(4):  # interleaved: global positions alternate between the clubs
            for stream in tables:
                v1_append(conn, stream, [("CardPlayed", {"n": n}), ("RulingMade", {"n": n})])
        v1_append(conn, "orphan-1", [("Note", {"text": "no table"})])
        v1_append(conn, tables[1], [("CardPlayed", {"n": 99})], key="retry-1")
    scratch.manage("migrate")

    with psycopg.connect(scratch.owner) as conn:
        old = _rows(conn, "eventstore_event_v1", "position")
        new = _rows(conn, "eventstore_event", "club_id, position")
        partitions = {str(r["club_id"]) for r in _rows(conn, "eventstore_partition", "club_id")}
        keys = _rows(conn, "eventstore_idempotency", "key")
    assert len(old) == len(new) == 3 + 4 * 3 * 2 + 1 + 1

    # The archive is untouched and its single global chain still verifies.
    prev = GENESIS_HASH
    for row in old:
        assert row["prev_hash"] == prev
        assert v1_event_hash(**{**row, "prev_hash": prev}) == row["hash"]
        prev = row["hash"]

    # Every club's chain: positions 1..n, linked from genesis, hashes recomputed.
    by_club: dict[str, list[dict]] = {}
    for row in new:
        by_club.setdefault(str(row["club_id"]), []).append(row)
    assert set(by_club) == {*clubs, NO_CLUB}
    for club, rows in by_club.items():
        prev = GENESIS_HASH
        for position, row in enumerate(rows, start=1):
            assert (row["position"], row["prev_hash"]) == (position, prev)
            fields = {k: row[k] for k in ("stream", "version", "type", "schema_version")}
            assert row["hash"] == event_hash(
                club=club,
                position=position,
                data=row["data"],
                metadata=row["metadata"],
                recorded_at=row["recorded_at"],
                prev_hash=prev,
                **fields,
            )
            prev = row["hash"]
    assert partitions == set(by_club)
    # The same facts, each in its stream's club, in the same order within each club.
    facts = {(r["stream"], r["version"]): r for r in new}
    for row in old:
        carried = facts[(row["stream"], row["version"])]
        assert (carried["type"], carried["data"], carried["metadata"]) == (
            row["type"],
            row["data"],
            row["metadata"],
        )
        assert carried["recorded_at"] == row["recorded_at"]
    assert [str(r["club_id"]) for r in new if r["stream"] == tables[2]] == [clubs[0]] * 9
    (key,) = keys
    assert (str(key["club_id"]), key["first_position"]) == (clubs[1], len(by_club[clubs[1]]))

    # Appends go on from each club's head; the archive is read-only for the application.
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        conn.execute(
            "SELECT * FROM eventstore_append(%s::uuid, %s, NULL, ARRAY['CardPlayed'], ARRAY[1], "
            "ARRAY['{}'], '{}', %s, ARRAY['\"CardPlayed\"'], NULL, NULL)",
            [clubs[0], tables[0], json.dumps(tables[0])],
        )
        (position, prev_hash) = conn.execute(
            "SELECT position, prev_hash FROM eventstore_event WHERE club_id = %s "
            "ORDER BY position DESC LIMIT 1",
            [clubs[0]],
        ).fetchone()
        assert (position, prev_hash) == (len(by_club[clubs[0]]) + 1, by_club[clubs[0]][-1]["hash"])
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO eventstore_head_v1 VALUES (2, 0, 'x')")

    # One club's log exports alone and the standalone verifier accepts it.
    verified = _verified(scratch, clubs[0])
    assert f"OK {len(by_club[clubs[0]]) + 1} events of club {clubs[0]}" in verified


@pytest.mark.django_db
def test_going_back_restores_the_first_log_but_never_loses_a_new_event(scratch) -> None:
    # From an empty database, not a copy of the first schema: the case `make test-citus`
    # runs, where scratch databases stay as they were made (scripts/test-citus.sh).
    scratch.manage("migrate", "games", PREVIOUS)
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        v1_append(conn, "table-x", [("TableCreated", {"club_id": str(uuid.uuid4())})])
    scratch.manage("migrate")
    scratch.manage("migrate", "games", PREVIOUS)  # nothing new: allowed
    with psycopg.connect(scratch.owner) as conn:
        (count,) = conn.execute("SELECT count(*) FROM eventstore_event").fetchone()
        assert count == 1  # the first schema's table again, as it was
    scratch.manage("migrate")
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        conn.execute(
            "SELECT * FROM eventstore_append(%s::uuid, 'table-y', NULL, ARRAY['Note'], ARRAY[1], "
            "ARRAY['{}'], '{}', '\"table-y\"', ARRAY['\"Note\"'], NULL, NULL)",
            [str(uuid.uuid4())],
        )
    assert "would lose them" in scratch.refused("migrate", "games", PREVIOUS)


@pytest.mark.django_db
def test_a_tampered_first_log_is_not_carried_forward(first_log) -> None:
    scratch = first_log  # at PREVIOUS
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        v1_append(conn, "table-t", [("TableCreated", {"club_id": str(uuid.uuid4())})])
        v1_append(conn, "table-t", [("CardPlayed", {"card": "AS"}), ("CardPlayed", {"n": 2})])
    with psycopg.connect(scratch.owner, autocommit=True) as conn:
        conn.execute("ALTER TABLE eventstore_event DISABLE TRIGGER USER")
        conn.execute('UPDATE eventstore_event SET data = \'{"card": "KS"}\' WHERE position = 2')
        conn.execute("ALTER TABLE eventstore_event ENABLE TRIGGER USER")
    refused = scratch.refused("migrate")
    assert "the first log is broken at position 2: hash does not match" in refused
    with psycopg.connect(scratch.owner) as conn:  # nothing was migrated
        assert conn.execute("SELECT to_regclass('eventstore_event_v1')").fetchone() == (None,)


APPEND = (
    "SELECT * FROM eventstore_append(%s::uuid, %s::text, %s::integer, %s::text[], "
    "%s::integer[], %s::text[], %s::text, %s::text, %s::text[], %s::text, %s::text)"
)


def _append(conn: psycopg.Connection, club: str, stream: str, n: int, key=None) -> list[tuple]:
    types = ["CardPlayed"] * n
    data = [{"card": "Q♥", "n": i} for i in range(n)]
    contents = [
        {"type": t, "schema_version": 1, "data": d} for t, d in zip(types, data, strict=True)
    ]
    return conn.execute(
        APPEND,
        [
            club,
            stream,
            None,
            types,
            [1] * n,
            [canonical_json(d) for d in data],
            canonical_json({"actor": "é"} if key is None else {"idempotency_key": key}),
            canonical_json(stream),
            [canonical_json(t) for t in types],
            key,
            request_hash(stream=stream, events=contents) if key else None,
        ],
    ).fetchall()


def _verified(scratch: Scratch, club: str) -> str:
    exported = scratch.manage("export_audit_log", "-", "--club", club)
    verified = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "verify_audit_log.py"), "-"],
        input=exported,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    return verified.stdout


@pytest.mark.django_db
def test_a_log_written_before_the_one_row_append_goes_on_from_each_head_and_back(first_log):
    one_row, before = games_migration("append_one_row")
    scratch = first_log
    scratch.manage("migrate", "games", before)  # on from PREVIOUS
    clubs = [str(uuid.uuid4()), str(uuid.uuid4())]
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        for club in clubs:  # the function before: one row of every column per event
            assert len(_append(conn, club, f"table-{club}", 2)) == 2
            assert len(_append(conn, club, f"table-{club}", 1, key=f"k-{club}")) == 1
        heads = dict(conn.execute("SELECT club_id::text, last_hash FROM eventstore_head"))
    scratch.manage("migrate", "games", one_row)

    with psycopg.connect(scratch.app, autocommit=True) as conn:
        for club in clubs:  # one row per append, going on from the club's head
            ((first, last, version, _at, prev, hashes, replayed),) = _append(
                conn, club, f"table-{club}", 2
            )
            assert (first, last, version, prev, replayed) == (4, 5, 4, heads[club], False)
            assert len(hashes) == 128
            ((first, last, *_, replayed),) = _append(
                conn, club, f"table-{club}", 1, key=f"k-{club}"
            )
            assert (first, last, replayed) == (3, 3, True)  # the key written before

    scratch.manage("migrate", "games", before)  # back: the function before again
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        rows = _append(conn, clubs[0], f"table-{clubs[0]}", 2)
        assert [row[0] for row in rows] == [6, 7]
    scratch.manage("migrate")  # and forward again: today's export reads it
    assert f"OK 7 events of club {clubs[0]}" in _verified(scratch, clubs[0])
    assert f"OK 5 events of club {clubs[1]}" in _verified(scratch, clubs[1])


@pytest.mark.django_db
def test_a_log_with_head_rows_goes_on_from_each_clubs_last_event_and_back(first_log):
    lock_per_club, before = games_migration("lock_per_club")
    scratch = first_log
    scratch.manage("migrate", "games", before)  # on from PREVIOUS
    clubs = [str(uuid.uuid4()), str(uuid.uuid4())]
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        for club in clubs:  # the function before: it locks and moves the club's head row
            _append(conn, club, f"table-{club}", 2)
            _append(conn, club, f"table-{club}", 1, key=f"k-{club}")
        heads = dict(conn.execute("SELECT club_id::text, last_hash FROM eventstore_head"))
    scratch.manage("migrate", "games", lock_per_club)

    with psycopg.connect(scratch.app, autocommit=True) as conn:
        partitions = conn.execute("SELECT club_id::text FROM eventstore_partition").fetchall()
        assert sorted(partitions) == sorted((club,) for club in clubs)
        assert conn.execute("SELECT to_regclass('eventstore_head')").fetchone() == (None,)
        for club in clubs:  # going on from the club's last event, as from its head before
            ((first, last, version, _at, prev, _hashes, replayed),) = _append(
                conn, club, f"table-{club}", 2
            )
            assert (first, last, version, prev, replayed) == (4, 5, 4, heads[club], False)
            ((first, last, *_, replayed),) = _append(
                conn, club, f"table-{club}", 1, key=f"k-{club}"
            )
            assert (first, last, replayed) == (3, 3, True)  # the key written before
        with pytest.raises(psycopg.errors.CheckViolation):  # one CHECK now, still there
            conn.execute(
                "INSERT INTO eventstore_event VALUES (%s, 99, '', 1, 'X', 1, '{}', '{}', "
                "now(), 'h', 'p')",
                [clubs[0]],
            )
    for club in clubs:
        assert f"OK 5 events of club {club}" in _verified(scratch, club)

    scratch.manage("migrate", "games", before)  # back: head rows from the last events
    with psycopg.connect(scratch.app, autocommit=True) as conn:
        last = dict(
            conn.execute(
                "SELECT DISTINCT ON (club_id) club_id::text, hash FROM eventstore_event "
                "ORDER BY club_id, position DESC"
            )
        )
        heads = dict(conn.execute("SELECT club_id::text, last_hash FROM eventstore_head"))
        assert heads == last
        ((first, last_position, *_),) = _append(conn, clubs[0], f"table-{clubs[0]}", 2)
        assert (first, last_position) == (6, 7)
    scratch.manage("migrate")  # and forward again: today's export reads it
    assert f"OK 7 events of club {clubs[0]}" in _verified(scratch, clubs[0])
