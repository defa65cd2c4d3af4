"""`POST /referee` and `POST /tables/import` read a transcript the same way, so a client
that rules a document before importing it gets the import's verdict: the same ruling, or
the same refusal (games/api/serializers.py `transcript_read`)."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.engine.chips import MAX_CHIPS

pytestmark = pytest.mark.django_db

ZOE_NFD = unicodedata.normalize("NFD", "Zoé")
ZOE_NFC = unicodedata.normalize("NFC", "Zoé")


def _transcript(players: list[str], dealer: str, ante: int = 1) -> dict[str, Any]:
    return {
        "format": "bourre-transcript/1",
        "variant": "occitan",
        "players": players,
        "deals": [{"dealer": dealer, "ante": ante, "actions": []}],
    }


def _both(client: APIClient, transcript: dict[str, Any]) -> tuple[Any, Any]:
    ruled = client.post("/api/v1/referee", transcript, format="json")
    body = {"name": "copy", "transcript": transcript}
    imported = client.post("/api/v1/tables/import", body, format="json")
    return ruled, imported


def test_a_name_in_two_unicode_forms_is_one_player_for_both(scorekeeper: APIClient) -> None:
    ruled, imported = _both(scorekeeper, _transcript([ZOE_NFD, "ben", "cy"], dealer=ZOE_NFC))
    assert ruled.status_code == 200, ruled.json()
    assert imported.status_code == 201, imported.json()
    table = imported.json()["id"]
    assert ruled.json() == scorekeeper.get(f"/api/v1/tables/{table}/ruling").json()
    assert list(ruled.json()["balances"]) == [ZOE_NFC, "ben", "cy"]


@pytest.mark.parametrize(
    ("players", "field"),
    [
        (["ana", "ANA", "cy"], "players[1]"),
        ([" ana", "ben", "cy"], "players[0]"),
        (["a" * 101, "ben", "cy"], "players[0]"),
    ],
)
def test_a_name_a_table_cannot_hold_is_refused_by_both(
    scorekeeper: APIClient, players: list[str], field: str
) -> None:
    ruled, imported = _both(scorekeeper, _transcript(players, dealer="cy"))
    assert (ruled.status_code, imported.status_code) == (422, 422)
    assert ruled.json()["error"]["code"] == imported.json()["error"]["code"] == "invalid_players"
    assert ruled.json()["error"]["field"] == field
    assert imported.json()["error"]["field"] == f"transcript.{field}"


def test_a_chip_amount_past_the_bound_is_located_by_both(scorekeeper: APIClient) -> None:
    ruled, imported = _both(scorekeeper, _transcript(["ana", "ben", "cy"], "cy", MAX_CHIPS + 2))
    for answer in (ruled, imported):
        assert answer.status_code == 422, answer.json()
        error = answer.json()["error"]
        assert (error["code"], error["field"], error["deal"]) == ("chips_out_of_range", "ante", 0)
