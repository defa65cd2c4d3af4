from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


def test_create_normalises_options_and_starts_at_version_1(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper, options={})
    assert table["version"] == 1
    assert table["options"]["ante"] == 1
    assert "max_exchange" in table["options"]
    log = scorekeeper.get(f"/api/v1/tables/{table['id']}/events").json()["events"]
    assert log[0]["type"] == "TableCreated"
    assert log[0]["data"]["options"] == table["options"]
    assert log[0]["data"]["table_id"] == table["id"]


def test_a_create_retried_with_its_key_answers_with_the_first_table(
    scorekeeper: APIClient,
) -> None:
    """A tablet whose answer was lost posts again: the same table, not a second one."""
    body = {"name": "N° 3", "variant": "louisiana", "players": ["ana", "ben", "cy"]}
    first = scorekeeper.post("/api/v1/tables", body, format="json", HTTP_IDEMPOTENCY_KEY="t-1")
    again = scorekeeper.post("/api/v1/tables", body, format="json", HTTP_IDEMPOTENCY_KEY="t-1")
    assert first.status_code == again.status_code == 201
    assert again.json()["id"] == first.json()["id"]
    assert again["Location"] == first["Location"]
    assert (first.get("Idempotent-Replayed"), again["Idempotent-Replayed"]) == (None, "true")
    assert [t["id"] for t in scorekeeper.get("/api/v1/tables").json()["tables"]] == [
        first.json()["id"]
    ]
    other = scorekeeper.post(
        "/api/v1/tables", {**body, "name": "N° 4"}, format="json", HTTP_IDEMPOTENCY_KEY="t-1"
    )
    assert other.status_code == 422
    error = other.json()["error"]
    assert (error["code"], error["field"]) == ("idempotency_conflict", "Idempotency-Key")
    bad = scorekeeper.post("/api/v1/tables", body, format="json", HTTP_IDEMPOTENCY_KEY="x" * 300)
    assert bad.status_code == 400
    assert bad.json()["error"]["field"] == "Idempotency-Key"
    assert len(scorekeeper.get("/api/v1/tables").json()["tables"]) == 1


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"variant": "poker"}, "unknown_variant", "variant"),
        ({"players": ["solo"]}, "player_count", "players"),
        ({"players": ["ana", "ana", "ben"]}, "invalid_players", "players"),
        ({"options": {"ante": -3}}, None, "options"),
        ({"options": {"no_such_option": 1}}, None, "options"),
    ],
)
def test_create_refuses_what_the_rules_refuse(
    scorekeeper: APIClient, fields: dict[str, Any], code: str | None, field: str
) -> None:
    body = {"name": "t", "variant": "louisiana", "players": ["ana", "ben", "cy"], **fields}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 422, response.json()
    error = response.json()["error"]
    if code:
        assert error["code"] == code
    assert (error["field"] or "").startswith(field)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"variant": "louisiana", "players": ["a", "b"]}, "name"),
        ({"name": "t", "variant": "louisiana", "players": "ab"}, "players"),
        pytest.param(
            {"name": "t", "variant": "louisiana", "players": ["a", "b"], "options": [1]},
            "options",
            id="options-not-an-object",
        ),
    ],
)
def test_create_with_a_malformed_body_is_400(
    scorekeeper: APIClient, body: dict[str, Any], field: str
) -> None:
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "invalid_request"
    assert response.json()["error"]["field"] == field


def test_list_and_detail_are_per_club(
    scorekeeper: APIClient, auditor: APIClient, outsider: APIClient
) -> None:
    mine = create_table(scorekeeper)
    theirs = create_table(outsider)
    listed = [t["id"] for t in auditor.get("/api/v1/tables").json()["tables"]]
    assert mine["id"] in listed
    assert theirs["id"] not in listed
    assert auditor.get(f"/api/v1/tables/{mine['id']}").json() == mine
    assert auditor.get(f"/api/v1/tables/{theirs['id']}").status_code == 404
    assert auditor.post("/api/v1/tables", {}, format="json").status_code == 403
    assert APIClient().get("/api/v1/tables").status_code == 401


def test_import_rejects_with_deal_and_action_and_stores_nothing(scorekeeper: APIClient) -> None:
    case = json.loads((CASES / "reject-02-card-twice.json").read_text())
    before = len(scorekeeper.get("/api/v1/tables").json()["tables"])
    response = scorekeeper.post(
        "/api/v1/tables/import", {"name": "x", "transcript": case["transcript"]}, format="json"
    )
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["deal"], error["action"]) == (
        case["rejected"]["deal"],
        case["rejected"]["action"],
    )
    assert len(scorekeeper.get("/api/v1/tables").json()["tables"]) == before


def test_state_shows_legal_plays_when_the_hand_is_logged(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    hands = {"ana": ["AS", "KH", "7C", "2D", "9S"]}
    events = [
        {"deal": {"dealer": "dee", "trump": "7S", "hands": hands}},
        *({"player": p, "declare": "play"} for p in ("ana", "ben", "cy", "dee")),
        *({"player": p, "exchange": 0} for p in ("ana", "ben", "cy", "dee")),
    ]
    response = post_events(scorekeeper, table["id"], 1, events)
    assert response.status_code == 201, response.json()
    state = scorekeeper.get(f"/api/v1/tables/{table['id']}/state").json()
    assert state["version"] == response.json()["version"]
    assert state["to_act"] == "ana"
    assert state["legal_plays"]["hand_known"] is True
    assert set(state["legal_plays"]["allowed"]) <= set(hands["ana"])


def test_deal_endpoint_gives_ruling_and_events(scorekeeper: APIClient) -> None:
    case = json.loads((CASES / "louisiana-02-tie-bourre-lone.json").read_text())
    imported = scorekeeper.post(
        "/api/v1/tables/import", {"name": "x", "transcript": case["transcript"]}, format="json"
    ).json()
    deal = scorekeeper.get(f"/api/v1/tables/{imported['id']}/deals/1").json()
    assert deal["ruling"] == case["expected"]["deals"][1]
    assert deal["events"][0]["type"] == "DealStarted"
    assert all(e["type"] != "TableCreated" for e in deal["events"])
    first = scorekeeper.get(f"/api/v1/tables/{imported['id']}/deals/0").json()
    assert len(first["events"]) + len(deal["events"]) == imported["version"] - 1
    assert scorekeeper.get(f"/api/v1/tables/{imported['id']}/deals/9").status_code == 404


def test_referee_rules_without_storing(auditor: APIClient) -> None:
    case = json.loads((CASES / "occitan-01-share.json").read_text())
    response = auditor.post("/api/v1/referee", case["transcript"], format="json")
    assert response.status_code == 200
    assert response.json() == case["expected"]
    rejected = json.loads((CASES / "reject-01-out-of-turn.json").read_text())
    response = auditor.post("/api/v1/referee", rejected["transcript"], format="json")
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["deal"], error["action"]) == (0, 6)
    assert error["code"] == "out_of_turn"
    assert error["expected_player"] == "b"
    assert error["message"]
    assert auditor.get("/api/v1/tables").json()["tables"] == []
    assert auditor.post("/api/v1/referee", {"variant": 3}, format="json").status_code == 400
    unnamed = {k: v for k, v in case["transcript"].items() if k != "format"}
    response = auditor.post("/api/v1/referee", unnamed, format="json")
    assert (response.status_code, response.json()["error"]["field"]) == (400, "format")
