"""Byte-stable JSON: an idempotent retry gets the very bytes of the first answer, and
`/ruling` and `/transcript` keep the key order of TRANSCRIPT.md (jsonb storage reorders
keys, so these compare raw bytes and key order, not parsed values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db

CASES = sorted((Path(__file__).resolve().parents[2] / "conformance" / "cases").glob("*.json"))
RULED = [p for p in CASES if "rejected" not in json.loads(p.read_text())]


def _pairs(text: str | bytes) -> Any:
    """The document with every object as its list of (key, value) pairs: order counts."""
    return json.loads(text, object_pairs_hook=list)


def _compact(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()


def test_an_idempotent_retry_returns_the_same_bytes(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    deal = {
        "deal": {"dealer": "dee", "trump": "7S", "hands": {"ben": ["2S", "3S", "5S", "6S", "8S"]}}
    }
    first = post_events(scorekeeper, table["id"], 1, [deal], key="tap-1")
    again = post_events(scorekeeper, table["id"], 1, [deal], key="tap-1")
    assert first.status_code == again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.content == first.content
    assert first.headers["Content-Type"] == "application/json"


@pytest.mark.parametrize("path", RULED, ids=[p.stem for p in RULED])
def test_the_ruling_keeps_the_formats_key_order(scorekeeper: APIClient, path: Path) -> None:
    """The conformance cases write their expected rulings in the format's order."""
    case = json.loads(path.read_text())
    imported = scorekeeper.post(
        "/api/v1/tables/import", {"name": "t", "transcript": case["transcript"]}, format="json"
    )
    assert imported.status_code == 201, imported.json()
    ruling = scorekeeper.get(f"/api/v1/tables/{imported.json()['id']}/ruling")
    expected = json.dumps(case["expected"])  # json.load kept the file's key order
    assert _pairs(ruling.content) == _pairs(expected)


def test_the_transcript_is_given_back_byte_for_byte_in_the_formats_order(
    scorekeeper: APIClient,
) -> None:
    options = {"ante": 1, "max_exchange": 5, "pot_limit": None, "cinch": True}
    players = ["dee", "ana", "ben", "cy"]  # a seat order jsonb would not keep
    deal = {
        "dealer": "cy",
        "ante": 2,
        "seated": ["dee", "ana", "ben", "cy"],
        "hands": {
            "dee": ["AS", "KS", "QH", "2D", "3C"],
            "ben": ["4S", "JH", "9H", "5D", "6C"],
        },
        "trump": "7S",
    }
    actions = [
        {"player": "dee", "declare": "play"},
        {"player": "ana", "declare": "pass"},
        {"player": "ben", "declare": "play"},
        {"player": "cy", "declare": "play"},
        {"player": "dee", "exchange": 2, "discard": ["2D", "3C"], "draw": ["TS", "9S"]},
        {"player": "ben", "exchange": 0},
        {"player": "cy", "exchange": 1},
        {"player": "dee", "play": "AS"},
        {"player": "ben", "play": "4S"},
        {"player": "ben", "retract": True},
    ]
    table = create_table(scorekeeper, players=players, options=options)
    response = post_events(scorekeeper, table["id"], 1, [{"deal": deal}, *actions])
    assert response.status_code == 201, response.json()
    transcript = scorekeeper.get(f"/api/v1/tables/{table['id']}/transcript")
    expected = {
        "format": "bourre-transcript/1",
        "variant": "louisiana",
        "options": options,
        "players": players,
        "deals": [{**deal, "actions": actions}],
    }
    assert transcript.content == _compact(expected)
