"""What `GET /state` tells a table app between deals: who deals next and who is exempt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


def test_between_deals_the_state_names_the_next_dealer_and_the_exempt(
    scorekeeper: APIClient,
) -> None:
    case = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())
    imported = scorekeeper.post(
        "/api/v1/tables/import", {"name": "t", "transcript": case["transcript"]}, format="json"
    ).json()
    state = scorekeeper.get(f"/api/v1/tables/{imported['id']}/state").json()
    assert state["phase"] == "between_deals"
    # dee dealt last; left of dee (the next seat clockwise) is ana. cy reneged: exempt.
    assert state["next_deal"] == {"dealer": "ana", "exempt": ["cy"]}


def test_before_the_first_deal_nobody_is_named_and_during_a_deal_nothing(
    scorekeeper: APIClient,
) -> None:
    table = create_table(scorekeeper)
    state = scorekeeper.get(f"/api/v1/tables/{table['id']}/state").json()
    assert state["next_deal"] == {"dealer": None, "exempt": []}
    response = post_events(
        scorekeeper, table["id"], 1, [{"deal": {"dealer": "ben", "trump": "7S"}}]
    )
    assert response.json()["state"]["next_deal"] is None


def test_a_play_between_deals_is_no_deal_in_progress(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    passes = [{"player": p, "declare": "pass"} for p in ("ana", "ben", "cy", "dee")]
    deal = {"deal": {"dealer": "dee", "trump": "7S"}}
    body = post_events(scorekeeper, table["id"], 1, [deal, *passes]).json()
    assert body["state"]["phase"] == "between_deals", body["state"]
    assert body["state"]["next_deal"]["dealer"] == "ana"
    refused = post_events(
        scorekeeper, table["id"], body["version"], [{"player": "ana", "play": "AS"}]
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "no_deal_in_progress"


def test_the_next_dealer_skips_a_player_who_left(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper, players=["ana", "ben", "cy", "dee", "eve"])
    deal = {"deal": {"dealer": "ana", "trump": "7S"}}
    passes = [{"player": p, "declare": "pass"} for p in ("ben", "cy", "dee", "eve", "ana")]
    body = post_events(scorekeeper, table["id"], 1, [deal, *passes]).json()
    assert body["state"]["next_deal"]["dealer"] == "ben"
    body = post_events(
        scorekeeper, table["id"], body["version"], [{"leave": {"player": "ben"}}]
    ).json()
    assert body["state"]["next_deal"]["dealer"] == "cy", body
