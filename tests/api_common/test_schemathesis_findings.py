"""What schemathesis found (issue 38): invalid requests the server took (`?at=0.0`,
`?format=`, `?closed=0`) are refused as the schema says; valid ones it refused are either
taken or refused by the schema too (a cursor's alphabet, a table's players, text without
control characters: tests/games/api/test_schema.py runs every check on every operation)."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.clubs.fixtures import admin, club
from tests.games.api.conftest import create_table

__all__ = ["admin", "club"]

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("path", "status", "field"),
    [
        ("/api/v1/tables/{id}/ledger?at=0.0", 400, "at"),
        ("/api/v1/tables/{id}/ledger?at=1e0", 400, "at"),
        ("/api/v1/tables/{id}/ledger?include_voided=yes", 400, "include_voided"),
        ("/api/v1/tables?closed=0", 400, "closed"),
        ("/api/v1/tables?limit=5.0", 400, "limit"),
        ("/api/v1/tables/{id}/settlement?format=", 406, None),
        ("/api/v1/leaderboard?format=%20", 406, None),
    ],
)
def test_what_the_schema_refuses_the_server_refuses(
    admin: APIClient, path: str, status: int, field: str | None
) -> None:
    table = create_table(admin)
    answer = admin.get(path.replace("{id}", table["id"]))
    assert answer.status_code == status, answer.json()
    assert answer.json()["error"].get("field") == field


def test_what_the_server_takes_the_schema_takes(admin: APIClient) -> None:
    table = create_table(admin)
    for path in (
        f"/api/v1/tables/{table['id']}/ledger?at=0&include_voided=true",
        "/api/v1/tables?closed=false&limit=50",
        f"/api/v1/tables/{table['id']}/settlement?format=json",
    ):
        assert admin.get(path).status_code == 200, path


def _schema() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def test_the_schema_says_what_the_server_refuses() -> None:
    schema = _schema()
    tables = schema["paths"]["/api/v1/tables"]
    cursor = next(p for p in tables["get"]["parameters"] if p["name"] == "cursor")
    assert cursor["schema"]["pattern"] == "^[A-Za-z0-9_-]+$"
    body = schema["components"]["schemas"]["TableCreateInputRequest"]
    assert body["properties"]["players"]["minItems"] == 2
    name = body["properties"]["name"]
    assert "\\u0000" in name["pattern"]  # no control character, as the guard says
    stream = schema["paths"]["/api/v1/tables/{table_id}/stream"]["get"]["parameters"]
    after = next(p for p in stream if p["name"] == "after")
    assert after["schema"]["minimum"] == 0
