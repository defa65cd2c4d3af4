"""Every create answers 201 with a `Location` that reads back what was made."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db


def test_a_created_table_has_a_location_that_reads_it(scorekeeper: APIClient) -> None:
    body = {"name": "t", "variant": "louisiana", "players": ["a", "b", "c"]}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 201
    location = response.headers["Location"]
    assert location == f"http://testserver/api/v1/tables/{response.json()['id']}"
    assert scorekeeper.get(location).json() == response.json()


def test_an_imported_table_has_a_location(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    transcript = scorekeeper.get(f"/api/v1/tables/{table['id']}/transcript").json()
    response = scorekeeper.post(
        "/api/v1/tables/import", {"name": "copy", "transcript": transcript}, format="json"
    )
    assert response.status_code == 201
    assert scorekeeper.get(response.headers["Location"]).json()["name"] == "copy"


def test_a_created_key_has_a_location(admin: APIClient) -> None:
    key = admin.post("/api/v1/keys", {"name": "tablet", "role": "scorekeeper"}, format="json")
    assert key.headers["Location"] == f"http://testserver/api/v1/keys/{key.json()['id']}"
    made = {name: value for name, value in key.json().items() if name != "key"}
    assert admin.get(key.headers["Location"]).json() == made  # read back, without the secret


def test_an_export_202_gives_the_job_url(auditor: APIClient) -> None:
    response = auditor.post("/api/v1/exports", {"kind": "ledger"}, format="json")
    assert response.status_code == 202
    assert response.headers["Location"] == response.json()["url"]
    assert auditor.get(response.json()["url"]).json()["id"] == response.json()["id"]


def test_logged_events_have_a_location_listing_them(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    first = post_events(scorekeeper, table["id"], 1, [{"deal": {"dealer": "ana", "trump": "7S"}}])
    second = post_events(scorekeeper, table["id"], 3, [{"player": "ben", "declare": "play"}])
    assert second.status_code == 201
    logged = scorekeeper.get(second.headers["Location"]).json()["events"]
    assert [e["version"] for e in logged] == [4]
    assert [e["version"] for e in scorekeeper.get(first.headers["Location"]).json()["events"]] == [
        2,
        3,
        4,
    ]


def test_every_create_and_job_in_the_schema_declares_its_location() -> None:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    schema = json.loads(out.getvalue())
    answers = [
        (path, method, status, response)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        for status, response in operation["responses"].items()
        if status in ("201", "202")
    ]
    assert len(answers) >= 8
    for path, method, status, response in answers:
        assert "Location" in response.get("headers", {}), (method, path, status)
