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


def closed_night(club: Club | None = None) -> tuple[Club, uuid.UUID]:
    club = club or make_club()
    table_id = import_case(club, NIGHT)
    tree_catch_up(clubs=[str(club.id)])
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
