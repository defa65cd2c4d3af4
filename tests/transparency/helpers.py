"""A closed club night in a fresh club, its tree grown, and the checks a player's verifier
makes, straight from `tlog` (no HTTP)."""

from __future__ import annotations

import uuid

from clubs.models import Club
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import import_case
from tlog import merkle
from tlog.note import open_checkpoint, parse_vkey
from tlog.proof import parse_leaf, parse_proof
from transparency.follower import tree_catch_up
from transparency.keys import log_vkey

NIGHT = "sitting-01-louisiana-roster-close"
LOG_GUARD = "eventstore_event_no_update_delete"
CHECKPOINT_GUARD = "transparency_checkpoint_written_once"


def closed_night(club: Club | None = None) -> tuple[Club, uuid.UUID]:
    club = club or make_club()
    table_id = import_case(club, NIGHT)
    tree_catch_up(clubs=[str(club.id)], wait=True)
    return club, table_id


def auditor_of(club: Club):
    return client_for(make_key(club, "auditor")[1])


def verify_receipt(text: str, club_id: str) -> int:
    """Raises `ProofError`/`NoteError` if the receipt does not verify; its index if it does."""
    proof = parse_proof(text)
    checkpoint, _ = open_checkpoint(proof.checkpoint, parse_vkey(log_vkey(club_id)))
    assert proof.extra is not None
    leaf = parse_leaf(proof.extra)
    assert leaf.index == proof.index
    merkle.verify_inclusion(
        merkle.leaf_hash(proof.extra), proof.index, checkpoint.size, proof.hashes, checkpoint.root
    )
    return proof.index


def rewrite_payload(dsn: str, club_id: str, position: int, data: str | None) -> str:
    """What an attacker with superuser rights would do (tests/eventlog/test_immutability.py):
    switch the log's trigger off and edit one event's data; the data it had, to put back
    (`data` None: the text to set is read and returned unchanged)."""
    import psycopg

    with psycopg.connect(dsn) as conn, conn.transaction():
        conn.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        (before,) = conn.execute(
            "SELECT data::text FROM eventstore_event WHERE club_id = %s AND position = %s",
            [club_id, position],
        ).fetchone()
        conn.execute(
            "ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_no_update_delete"
        )
        conn.execute(
            "UPDATE eventstore_event SET data = %s::jsonb WHERE club_id = %s AND position = %s",
            [data if data is not None else before, club_id, position],
        )
        conn.execute(
            "ALTER TABLE eventstore_event ENABLE TRIGGER eventstore_event_no_update_delete"
        )
    return str(before)


def rewrite_history(dsn: str, club_id: str, position: int) -> list[tuple[int, str, str, str]]:
    """A thorough forger's rewrite: the event at ``position`` changed and the hash chain
    recomputed from it on (so `verify_chain` passes), then the club's tree, checkpoints and
    cosignatures wiped and the follower's place reset, for the tree to be grown again from
    the forged log. Returns the rows as they were (position, data, hash, prev_hash)."""
    import json

    import psycopg

    from eventlog.canonical import event_hash

    with psycopg.connect(dsn) as conn, conn.transaction():
        conn.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        rows = conn.execute(
            "SELECT position, stream, version, type, schema_version, data, metadata,"
            " recorded_at, hash, prev_hash FROM eventstore_event"
            " WHERE club_id = %s AND position >= %s ORDER BY position",
            [club_id, position],
        ).fetchall()
        conn.execute(
            "ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_no_update_delete"
        )
        prev = rows[0][9]
        for pos, stream, version, kind, schema, data, meta, at, _, _ in rows:
            if pos == position:
                data = {**data, "forged": True}
            new_hash = event_hash(
                club=club_id, position=pos, stream=stream, version=version, type=kind,
                schema_version=schema, data=data, metadata=meta, recorded_at=at, prev_hash=prev,
            )  # fmt: skip
            conn.execute(
                "UPDATE eventstore_event SET data = %s::jsonb, hash = %s, prev_hash = %s"
                " WHERE club_id = %s AND position = %s",
                [json.dumps(data), new_hash, prev, club_id, pos],
            )
            prev = new_hash
        conn.execute(
            "ALTER TABLE eventstore_event ENABLE TRIGGER eventstore_event_no_update_delete"
        )
        tree_wipe(conn, club_id)
    return [(r[0], json.dumps(r[5]), r[8], r[9]) for r in rows]


def tree_wipe(conn, club_id: str) -> None:
    for table in ("transparency_tile", "transparency_checkpoint"):
        conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_written_once")
        conn.execute(f"DELETE FROM {table} WHERE club_id = %s", [club_id])
        conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_written_once")
    for table in ("transparency_tree", "transparency_cosignature"):
        conn.execute(f"DELETE FROM {table} WHERE club_id = %s", [club_id])
    conn.execute(
        "DELETE FROM followers_subscriptionclubcheckpoint WHERE club_id = %s AND checkpoint_id"
        " IN (SELECT id FROM followers_subscriptioncheckpoint WHERE name = 'transparency')",
        [club_id],
    )


def restore_history(dsn: str, club_id: str, rows: list[tuple[int, str, str, str]]) -> None:
    import psycopg

    with psycopg.connect(dsn) as conn, conn.transaction():
        conn.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        conn.execute(
            "ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_no_update_delete"
        )
        for pos, data, old_hash, prev in rows:
            conn.execute(
                "UPDATE eventstore_event SET data = %s::jsonb, hash = %s, prev_hash = %s"
                " WHERE club_id = %s AND position = %s",
                [data, old_hash, prev, club_id, pos],
            )
        conn.execute(
            "ALTER TABLE eventstore_event ENABLE TRIGGER eventstore_event_no_update_delete"
        )


def checkpoints_drop_above(dsn: str, club_id: str, size: int) -> None:
    """A truncation: the checkpoints above ``size`` taken away, the older one served again."""
    import psycopg

    with psycopg.connect(dsn) as conn, conn.transaction():
        conn.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        conn.execute(f"ALTER TABLE transparency_checkpoint DISABLE TRIGGER {CHECKPOINT_GUARD}")
        conn.execute(
            "DELETE FROM transparency_checkpoint WHERE club_id = %s AND size > %s", [club_id, size]
        )
        conn.execute(f"ALTER TABLE transparency_checkpoint ENABLE TRIGGER {CHECKPOINT_GUARD}")
