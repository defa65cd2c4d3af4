"""The schema's named shapes are what the server sends: every conformance transcript is
driven through the API one event per request, and every answer (each append, the state
after it, the log page by page, the ruling, each deal, the transcript) is validated
against its schema in the OpenAPI document, and each posted event against `PostedEvent`.
A shape that drifts from the code (a field added, renamed, made nullable) fails here."""

from __future__ import annotations

import json
from functools import cache
from io import StringIO
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.games.api.conftest import post_events
from tests.games.api.sittings import api_events, first_seats

CASES = sorted((Path(__file__).resolve().parents[2] / "conformance" / "cases").glob("*.json"))

pytestmark = pytest.mark.django_db


@cache
def _document() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def _validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    # The components beside the schema, so its `#/components/...` references resolve.
    rooted = {**schema, "components": _document()["components"]}
    return jsonschema.Draft202012Validator(rooted, format_checker=jsonschema.FormatChecker())


def _answer_schema(path: str, method: str, status: int) -> dict[str, Any]:
    operation = _document()["paths"][path][method]
    return operation["responses"][str(status)]["content"]["application/json"]["schema"]  # type: ignore[no-any-return]


def check(value: Any, schema: dict[str, Any], what: str) -> None:
    errors = sorted(_validator(schema).iter_errors(value), key=lambda e: list(e.path))
    assert not errors, f"{what}: " + "; ".join(
        f"{list(e.absolute_path)}: {e.message[:300]}" for e in errors[:5]
    )


def component(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


TABLE = "/api/v1/tables/{table_id}"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_answer_of_a_sitting_matches_the_schema(scorekeeper: APIClient, path: Path) -> None:
    case = json.loads(path.read_text())
    transcript = case["transcript"]
    check(transcript, component("Transcript"), "the conformance transcript")
    body = {
        "name": "contract",
        "variant": transcript["variant"],
        "players": first_seats(transcript),
        "options": transcript.get("options", {}),
    }
    check(
        body,
        _document()["paths"]["/api/v1/tables"]["post"]["requestBody"]["content"][
            "application/json"
        ]["schema"],
        "create body",
    )
    created = scorekeeper.post("/api/v1/tables", body, format="json")
    assert created.status_code == 201, created.json()
    table = created.json()
    check(table, _answer_schema("/api/v1/tables", "post", 201), "created table")
    url = f"/api/v1/tables/{table['id']}"
    version = table["version"]
    for _, event in api_events(transcript):
        check(event, component("PostedEvent"), f"posted {event}")
        response = post_events(scorekeeper, table["id"], version, [event])
        if response.status_code == 422:
            check(response.json(), component("ErrorResponse"), "refusal")
            break
        assert response.status_code == 201, response.json()
        check(response.json(), _answer_schema(TABLE + "/events", "post", 201), f"append {event}")
        version = response.json()["version"]
        state = scorekeeper.get(f"{url}/state").json()
        check(state, _answer_schema(TABLE + "/state", "get", 200), f"state after {event}")
        check(
            scorekeeper.get(f"{url}/ruling").json(),
            _answer_schema(TABLE + "/ruling", "get", 200),
            f"ruling after {event}",
        )
    page_url: str | None = f"{url}/events?limit=7"
    while page_url:
        page = scorekeeper.get(page_url).json()
        check(page, _answer_schema(TABLE + "/events", "get", 200), "events page")
        page_url = page["next"]
    for index in range(len(transcript.get("deals", []))):
        deal = scorekeeper.get(f"{url}/deals/{index}")
        if deal.status_code == 404:
            break
        check(deal.json(), _answer_schema(TABLE + "/deals/{index}", "get", 200), "deal")
    check(scorekeeper.get(url).json(), _answer_schema(TABLE, "get", 200), "table")
    check(
        scorekeeper.get(f"{url}/transcript").json(),
        _answer_schema(TABLE + "/transcript", "get", 200),
        "transcript",
    )
