"""The schema's request examples are a sitting the API takes, step by step, each at the
version the one before left (games/api/examples.py)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.api.examples import EVENT_EXAMPLES, TABLE_EXAMPLE

pytestmark = pytest.mark.django_db

# The deal's other cards, ana's 9S drawn in the exchange taking the last trick.
PLAYS = (
    "ana:AS cy:4S dee:7S ana:KS cy:5D dee:4C ana:QH cy:6C dee:2H "
    "ana:2D cy:9H dee:TD dee:8H ana:9S cy:JH"
)


def _post(client: APIClient, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/v1/tables/{table_id}/events", body, format="json")
    assert response.status_code == 201, (body, response.json())
    return response.json()


def test_the_schema_examples_are_a_sitting_the_api_takes(scorekeeper: APIClient) -> None:
    created = scorekeeper.post("/api/v1/tables", TABLE_EXAMPLE, format="json")
    assert created.status_code == 201, created.json()
    table_id, version = created.json()["id"], created.json()["version"]
    for title, _, body in EVENT_EXAMPLES:
        if title.startswith("Between deals"):  # the deal is played out first
            for play in PLAYS.split():
                player, card = play.split(":")
                event = {"player": player, "play": card}
                version = _post(
                    scorekeeper, table_id, {"expected_version": version, "events": [event]}
                )["version"]
        assert body["expected_version"] == version, title
        version = _post(scorekeeper, table_id, body)["version"]
    assert scorekeeper.get(f"/api/v1/tables/{table_id}").json()["closed"] is True


def test_the_schema_shows_them(auditor: APIClient) -> None:
    schema = auditor.get("/api/schema/?format=json").json()
    events = schema["paths"]["/api/v1/tables/{table_id}/events"]["post"]["requestBody"]
    shown = [e["value"] for e in events["content"]["application/json"]["examples"].values()]
    assert shown == [body for _, _, body in EVENT_EXAMPLES]
    tables = schema["paths"]["/api/v1/tables"]["post"]["requestBody"]
    assert [e["value"] for e in tables["content"]["application/json"]["examples"].values()] == [
        TABLE_EXAMPLE
    ]
