"""A club's tree follows its log: one leaf per event, tiles and a checkpoint signed at the
table's close, receipts and consistency proofs that check out, and the public tiles."""

from __future__ import annotations

import base64

import pytest
from django.conf import settings

from eventlog import last_position, read_all
from tests.transparency.helpers import auditor_of, closed_night, verify_receipt
from tlog import merkle
from tlog.note import open_checkpoint, parse_vkey
from tlog.proof import Leaf
from transparency.checkpoints import latest_checkpoint
from transparency.keys import log_vkey, origin
from transparency.models import Tree

pytestmark = pytest.mark.django_db


def test_the_tree_holds_every_event_and_the_close_is_checkpointed():
    club, _ = closed_night()
    club_id = str(club.id)
    head = last_position(club=club_id)
    events = read_all(club=club_id, limit=head)
    tree = Tree.objects.get(club_id=club_id)
    assert tree.size == head > 0
    checkpoint = latest_checkpoint(club_id)
    assert checkpoint is not None
    assert checkpoint.size == head
    opened, _ = open_checkpoint(checkpoint.note, parse_vkey(log_vkey(club_id)))
    assert opened.origin == origin(club_id) == f"{settings.TRANSPARENCY_HOST}/bourre/{club_id}"
    leaves = [merkle.leaf_hash(Leaf(e.position, e.stream, e.type, e.hash).encode()) for e in events]
    assert opened.root == merkle.root_of(leaves) == bytes(checkpoint.root)


def test_a_receipt_of_the_tables_last_event_verifies():
    club, table_id = closed_night()
    response = auditor_of(club).get(f"/api/v1/tables/{table_id}/receipt")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["position"] == last_position(club=str(club.id))
    assert body["index"] == body["position"] - 1
    assert verify_receipt(body["receipt"], str(club.id)) == body["index"]
    first = auditor_of(club).get(f"/api/v1/tables/{table_id}/receipt?event=1").json()
    assert first["event"] == 1
    assert verify_receipt(first["receipt"], str(club.id)) == first["index"]


def test_a_receipt_asks_for_what_exists():
    club, table_id = closed_night()
    reader = auditor_of(club)
    assert reader.get(f"/api/v1/tables/{table_id}/receipt?event=99999").status_code == 404
    bad = reader.get(f"/api/v1/tables/{table_id}/receipt?event=x")
    assert bad.status_code == 400
    assert bad.json()["error"]["field"] == "event"
    other = closed_night()[0]
    assert auditor_of(other).get(f"/api/v1/tables/{table_id}/receipt").status_code == 404


def test_the_log_endpoint_says_where_and_how_to_check():
    club, _ = closed_night()
    body = auditor_of(club).get("/api/v1/log").json()
    assert body["origin"] == origin(str(club.id))
    assert body["verifier_key"] == log_vkey(str(club.id))
    assert body["prefix"].endswith(f"/bourre/{club.id}")
    assert body["checkpoint"].startswith(body["origin"] + "\n")
    assert body["halted_at"] is None


def test_consistency_proofs_and_their_bad_ranges():
    club, _ = closed_night()
    club_id = str(club.id)
    reader = auditor_of(club)
    size = latest_checkpoint(club_id).size
    body = reader.get(f"/api/v1/log/consistency?from=3&to={size}").json()
    proof = [base64.b64decode(h) for h in body["proof"]]
    events = read_all(club=club_id, limit=size)
    leaves = [merkle.leaf_hash(Leaf(e.position, e.stream, e.type, e.hash).encode()) for e in events]
    merkle.verify_consistency(3, size, merkle.root_of(leaves[:3]), merkle.root_of(leaves), proof)
    backwards = reader.get(f"/api/v1/log/consistency?from={size}&to=3")
    assert backwards.status_code == 400
    assert backwards.json()["error"]["field"] == "from"
    beyond = reader.get(f"/api/v1/log/consistency?from=1&to={size + 1}")
    assert beyond.status_code == 400
    assert beyond.json()["error"]["code"] == "log_range"
    assert reader.get("/api/v1/log/consistency?from=-1&to=2").status_code == 400


def test_the_public_checkpoint_and_tiles(client):
    club, _ = closed_night()
    club_id = str(club.id)
    size = latest_checkpoint(club_id).size
    answer = client.get(f"/bourre/{club_id}/checkpoint")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/plain; charset=utf-8"
    assert answer.content.decode() == latest_checkpoint(club_id).note
    tile = client.get(f"/bourre/{club_id}/tile/0/000.p/{size}")
    assert tile.status_code == 200
    assert tile["Content-Type"] == "application/octet-stream"
    events = read_all(club=club_id, limit=size)
    assert tile.content == b"".join(
        merkle.leaf_hash(Leaf(e.position, e.stream, e.type, e.hash).encode()) for e in events
    )
    for missing in [f"0/000.p/{size + 1}", "0/000", "1/000.p/1", "0/001.p/1", "0/abc", "x"]:
        assert client.get(f"/bourre/{club_id}/tile/{missing}").status_code == 404, missing
    assert client.get("/bourre/00000000-0000-0000-0000-000000000000/checkpoint").status_code == 404


def test_an_imports_events_are_leaves_whether_it_is_under_way_or_abandoned():
    """The projectors hold back an import under way and pass over an abandoned one; the tree
    takes every event of the log in order, or it would halt at the first one left out."""
    from tests.followers.test_import_gate import Log
    from transparency.follower import tree_catch_up

    log = Log()
    whole, held, abandoned = log.table(), log.table("importing"), log.table("abandoned")
    log.write(whole, 2)
    log.write(held, 2)
    log.write(abandoned, 2)
    log.write(whole, 1)
    tree_catch_up(clubs=[log.club_id], wait=True)
    tree = Tree.objects.get(club_id=log.club_id)
    assert (tree.halted_at, tree.size) == (None, last_position(club=log.club_id))
