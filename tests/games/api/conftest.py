from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.clubs.fixtures import admin, auditor, club, scorekeeper
from tests.clubs.helpers import client_for, make_club, make_key

__all__ = ["admin", "auditor", "club", "scorekeeper"]


@pytest.fixture
def outsider(db: None) -> APIClient:
    """An admin key of another club."""
    return client_for(make_key(make_club(), "admin")[1])


@pytest.fixture
def table(scorekeeper: APIClient) -> dict[str, Any]:
    """A four-player louisiana table (version 1)."""
    return create_table(scorekeeper)


def create_table(client: APIClient, **fields: Any) -> dict[str, Any]:
    body = {
        "name": "table 1",
        "variant": "louisiana",
        "players": ["ana", "ben", "cy", "dee"],
        "options": {"ante": 1},
        **fields,
    }
    response = client.post("/api/v1/tables", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def post_events(
    client: APIClient, table_id: str, version: int, events: list[Any], key: str | None = None
) -> Any:
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(
        f"/api/v1/tables/{table_id}/events",
        {"expected_version": version, "events": events},
        format="json",
        **headers,
    )
