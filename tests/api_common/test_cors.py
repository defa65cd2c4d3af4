"""CORS on the API: a table app in a browser on another origin can call it with its key
(preflights answered, the headers it needs allowed and readable, refusals readable too);
never with cookies; the app's own pages stay same-origin."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db

ORIGIN = "https://tablet.club.example"


def test_a_preflight_for_logging_events_allows_what_a_table_app_sends() -> None:
    response = Client().options(
        "/api/v1/tables/00000000-0000-0000-0000-000000000001/events",
        HTTP_ORIGIN=ORIGIN,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key, prefer",
    )
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    allowed = {h.strip() for h in response["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key", "prefer"} <= allowed
    assert "POST" in response["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in response


def test_answers_and_refusals_are_readable_from_another_origin() -> None:
    club = make_club()
    api = client_for(make_key(club, "scorekeeper")[1])
    body = {"name": "T", "variant": "louisiana", "players": ["ana", "ben"]}
    created = api.post("/api/v1/tables", body, format="json", HTTP_ORIGIN=ORIGIN)
    assert created.status_code == 201
    assert created["Access-Control-Allow-Origin"] == "*"
    exposed = {h.strip() for h in created["Access-Control-Expose-Headers"].split(",")}
    assert {"location", "idempotent-replayed", "preference-applied", "link"} <= exposed
    # The request id and the rate limit a browser app reads too (docs/api.md).
    assert {"x-request-id", "ratelimit", "ratelimit-policy", "retry-after"} <= exposed
    refused = Client().get("/api/v1/tables", HTTP_ORIGIN=ORIGIN)  # no key: the guard's 401
    assert refused.status_code == 401
    assert refused["Access-Control-Allow-Origin"] == "*"


def test_the_app_s_pages_are_not_shared_with_other_origins() -> None:
    response = Client().get("/app/login/", HTTP_ORIGIN=ORIGIN)
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response


@override_settings(CORS_ALLOW_ALL_ORIGINS=False, CORS_ALLOWED_ORIGINS=[ORIGIN])
def test_an_operator_narrows_the_origins() -> None:
    listed = Client().options(
        "/api/v1/tables", HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET"
    )
    assert listed["Access-Control-Allow-Origin"] == ORIGIN
    other = Client().options(
        "/api/v1/tables",
        HTTP_ORIGIN="https://elsewhere.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
    )
    assert "Access-Control-Allow-Origin" not in other
