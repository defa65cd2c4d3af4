"""A body's field the API does not know is refused, naming it: it used to be dropped, and
the table was made (or the deal logged) without what the client meant to send."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.games.api.conftest import post_events

pytestmark = pytest.mark.django_db

HANDS = {
    "ana": ["AS", "KS", "QH", "2D", "3C"],
    "ben": ["2S", "3S", "5S", "6S", "8S"],
    "cy": ["4S", "JH", "9H", "5D", "6C"],
    "dee": ["7S", "8H", "TD", "4C", "2H"],
}


def _version(client: APIClient, table_id: str) -> int:
    return int(client.get(f"/api/v1/tables/{table_id}").json()["version"])


def test_a_misspelt_options_is_refused_not_a_table_with_the_defaults(
    scorekeeper: APIClient,
) -> None:
    body = {"name": "t", "variant": "louisiana", "players": ["ana", "ben"], "option": {"ante": 5}}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", "option")
    assert scorekeeper.get("/api/v1/tables").json()["tables"] == []


def test_every_invalid_field_is_listed_the_unknown_ones_too(scorekeeper: APIClient) -> None:
    body = {"name": 3, "variant": "louisiana", "players": ["ana", "ben"], "colour": "red"}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 400
    assert set(response.json()["error"]["fields"]) == {"name", "colour"}


def test_an_unknown_field_beside_the_events_is_refused(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    body = {
        "expected_version": 1,
        "events": [{"deal": {"dealer": "dee", "trump": "7S"}}],
        "idempotency_key": "tablet-1-0001",  # a header, not a field: no retry is safe
    }
    response = scorekeeper.post(f"/api/v1/tables/{table['id']}/events", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "idempotency_key"
    assert _version(scorekeeper, table["id"]) == 1


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"deal": {"dealer": "dee", "trump": "7S", "hand": HANDS}}, "hand"),
        ({"undo": {"reason": "slip", "why": "slip"}}, "undo.why"),
        ({"player": "ben", "declare": "play", "card": "2S"}, "card"),
        ({"player": "ben", "exchange": 1, "discards": ["2S"]}, "discards"),
    ],
)
def test_an_unknown_field_of_an_event_is_refused_naming_it(
    scorekeeper: APIClient, table: dict[str, Any], event: dict[str, Any], field: str
) -> None:
    deal = {"deal": {"dealer": "dee", "trump": "7S"}}
    events = [event] if "deal" in event else [deal, event]
    response = post_events(scorekeeper, table["id"], 1, events)
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["code"], error["field"], error["index"]) == (
        "invalid_event",
        field,
        len(events) - 1,
    )
    assert error["message"] == f"{field}: is not a field of this event"
    assert _version(scorekeeper, table["id"]) == 1


def test_the_fields_an_event_has_are_still_taken(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    events = [
        {
            "deal": {
                "dealer": "dee",
                "ante": 1,
                "seated": ["ana", "ben", "cy", "dee"],
                "hands": HANDS,
                "trump": "7S",
            }
        },
        {"player": "ana", "declare": "play"},
        {"player": "ben", "declare": "play"},
        {"player": "cy", "declare": "play"},
        {"player": "dee", "declare": "play"},
        {"player": "ana", "exchange": 1, "discard": ["3C"], "draw": ["9S"]},
        {"undo": {"reason": "wrong card"}},
    ]
    assert post_events(scorekeeper, table["id"], 1, events).status_code == 201


def test_the_schema_says_a_body_has_no_other_fields() -> None:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    schemas = json.loads(out.getvalue())["components"]["schemas"]
    for name in (
        "TableCreateInputRequest",
        "TableImportInputRequest",
        "EventsAppendInputRequest",
        "ApiKeyCreateInputRequest",
        "PatchedClubUpdateInputRequest",
    ):
        assert schemas[name]["additionalProperties"] is False, name
