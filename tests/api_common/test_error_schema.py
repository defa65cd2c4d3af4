"""The error envelope the OpenAPI schema describes is the one the API answers: every field
an error carries is a property of `ErrorDetail`, each status's description names only codes
answered with that status, and `fields` maps each invalid field to a list of problems."""

from __future__ import annotations

import json
import re
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from api_common.error_codes import catalogue
from api_common.errors import error_responses
from tests.clubs.fixtures import club, scorekeeper
from tests.games.api.conftest import create_table, post_events

__all__ = ["club", "scorekeeper"]

pytestmark = pytest.mark.django_db


def _error_properties() -> set[str]:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    schemas = json.loads(out.getvalue())["components"]["schemas"]
    return set(schemas["ErrorDetail"]["properties"])


def _errors(scorekeeper: APIClient, settings: Any) -> list[dict[str, Any]]:
    table = create_table(scorekeeper)
    events = f"/api/v1/tables/{table['id']}/events"
    answers = [
        post_events(scorekeeper, table["id"], 7, [{"deal": {"dealer": "ana", "trump": "2S"}}]),
        post_events(scorekeeper, table["id"], 1, [{"player": "cy", "play": "AS"}]),
        scorekeeper.post(events, "[" * 100 + "]" * 100, content_type="application/json"),
    ]
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    answers.append(scorekeeper.post(events, {"pad": "x" * 2_000}, format="json"))
    return [answer.json()["error"] for answer in answers]


def test_every_field_an_error_carries_is_in_the_schema(
    scorekeeper: APIClient, settings: Any
) -> None:
    errors = _errors(scorekeeper, settings)
    assert [e["code"] for e in errors] == [
        "version_conflict",
        "no_deal_in_progress",
        "json_too_deep",
        "request_too_large",
    ]
    properties = _error_properties()
    for error in errors:
        assert set(error) <= properties, error


def test_each_status_describes_only_its_own_codes() -> None:
    status_of = {entry.code: entry.status for entry in catalogue()}
    for status, response in error_responses(400, 403, 404, 406, 409, 422).items():
        named = set(re.findall(r"`([a-z_]+)`", response.description)) & set(status_of)
        assert all(status_of[code] == status for code in named), (status, named)


@pytest.mark.parametrize("key", ["", "x" * 201, "tab\tlet"])
def test_a_bad_idempotency_key_lists_its_problem_as_every_field_does(
    scorekeeper: APIClient, key: str
) -> None:
    table = create_table(scorekeeper)
    response = scorekeeper.post(
        f"/api/v1/tables/{table['id']}/events",
        {"expected_version": 1, "events": [{"deal": {"dealer": "ana", "trump": "2S"}}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "Idempotency-Key"
    assert error["fields"] == {"Idempotency-Key": [error["message"].split(": ", 1)[1]]}


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    paths = json.loads(out.getvalue())["paths"]
    return [
        (path, method, operation)
        for path, operations in paths.items()
        if path.startswith("/api/v1/")
        for method, operation in operations.items()
        if isinstance(operation, dict) and "responses" in operation
    ]


def test_the_negotiation_refusals_are_documented_where_they_are_answered(
    scorekeeper: APIClient,
) -> None:
    table = create_table(scorekeeper)
    not_json = scorekeeper.post("/api/v1/tables", "name=t", content_type="text/plain")
    assert not_json.status_code == 415
    html = scorekeeper.get(f"/api/v1/tables/{table['id']}/state", HTTP_ACCEPT="text/html")
    assert html.status_code == 406
    for path, method, operation in _operations():
        documented = set(operation["responses"])
        if "requestBody" in operation:
            assert "415" in documented, (method, path)
        if not path.endswith("/stream"):
            assert "406" in documented, (method, path)


@pytest.mark.parametrize(
    ("how", "field"),
    [("query", "name"), ("body", "name"), ("lone", "players[0]"), ("path", "path")],
)
def test_a_400_for_a_bad_character_lists_the_field_as_every_400_does(
    scorekeeper: APIClient, how: str, field: str
) -> None:
    """The request guard and the parser refuse a control character before any serializer:
    their 400 names the field in `fields` too, so a client reads every 400 one way."""
    body = {"name": "t", "variant": "louisiana", "players": ["ana", "ben"]}
    if how == "query":
        response = scorekeeper.get("/api/v1/tables?name=a%01b")
    elif how == "path":
        response = scorekeeper.get("/api/v1/tables%01")
    elif how == "body":
        response = scorekeeper.post("/api/v1/tables", {**body, "name": "a\x01b"}, format="json")
    else:
        raw = json.dumps(body).replace('"ana"', '"\\ud800"')
        response = scorekeeper.post("/api/v1/tables", raw, content_type="application/json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", field)
    assert list(error["fields"]) == [field]
    assert error["message"] == f"{field}: {error['fields'][field][0]}"


@pytest.mark.parametrize(
    "raw",
    [
        '{"expected_version": 1, "expected_version": 2, "events": []}',
        '{"expected_version": 1, "events": [{"player": "ana", "player": "ben", "play": "AS"}]}',
    ],
)
def test_a_field_named_twice_is_refused_not_guessed(scorekeeper: APIClient, raw: str) -> None:
    table = create_table(scorekeeper)
    response = scorekeeper.post(
        f"/api/v1/tables/{table['id']}/events", raw, content_type="application/json"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "parse_error"
    assert "named twice" in error["message"]
    assert scorekeeper.get(f"/api/v1/tables/{table['id']}").json()["version"] == 1
