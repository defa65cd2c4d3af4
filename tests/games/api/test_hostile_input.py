"""Hostile input gets the documented JSON error envelope, never a 500 or an HTML page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table

pytestmark = pytest.mark.django_db


def error_of(response: Any) -> dict[str, Any]:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    body = response.json()
    assert set(body) == {"error"}, body
    assert {"code", "message"} <= set(body["error"]), body
    return body["error"]


# ---------------------------------------------------------------- routing
def test_an_unknown_url_under_api_is_a_json_404(auditor: APIClient) -> None:
    response = auditor.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def test_an_unknown_url_without_a_key_is_a_json_404() -> None:
    response = Client().get("/api/nothing/here")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def test_a_malformed_path_parameter_is_a_json_404(auditor: APIClient) -> None:
    response = auditor.get("/api/v1/tables/not-a-uuid")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def test_a_wrong_method_is_a_json_405(auditor: APIClient) -> None:
    response = auditor.delete("/api/v1/tables")
    assert response.status_code == 405
    assert error_of(response)["code"] == "method_not_allowed"
    response = Client().put("/api/schema/")
    assert response.status_code == 405
    assert error_of(response)["code"] == "method_not_allowed"


def test_pages_outside_the_api_stay_html() -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b"Traceback" not in response.content


# ---------------------------------------------------------------- bodies
def test_a_body_over_the_upload_limit_is_a_json_413(scorekeeper: APIClient, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"name": "x" * 20_000, "variant": "louisiana", "players": ["a", "b"]})
    response = scorekeeper.post("/api/v1/tables", body, content_type="application/json")
    assert response.status_code == 413
    error = error_of(response)
    assert error["code"] == "request_too_large"
    assert error["limit"] == 10_000


@pytest.mark.parametrize("path", ["/api/v1/referee", "/api/v1/tables"])
def test_json_nested_too_deep_is_refused_naming_the_limit(
    scorekeeper: APIClient, path: str
) -> None:
    body = "[" * 1000 + "]" * 1000
    response = scorekeeper.post(path, body, content_type="application/json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "json_too_deep"
    assert error["limit"] == 64


def test_json_nested_too_deep_on_events_is_refused(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    body = '{"expected_version": 1, "events": [' + "{" + '"a": {' * 100 + "}" * 101 + "]}"
    response = scorekeeper.post(
        f"/api/v1/tables/{table['id']}/events", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "json_too_deep"


def test_json_at_a_sane_depth_is_accepted(scorekeeper: APIClient) -> None:
    deep: Any = {"ante": 1}
    body = {"name": "t", "variant": "louisiana", "players": ["a", "b", "c"], "options": deep}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 201, response.json()


# ---------------------------------------------------------------- control characters
def test_a_nul_in_a_path_is_refused(auditor: APIClient) -> None:
    response = auditor.get("/api/v1/players/%00/stats")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_request"
    assert error["field"] == "path"


def test_a_control_character_in_a_query_parameter_is_refused(auditor: APIClient) -> None:
    response = auditor.get("/api/v1/tables?limit=5&note=ab%07c")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_request"
    assert error["field"] == "note"


def test_a_nul_in_a_body_field_is_refused_naming_the_field(scorekeeper: APIClient) -> None:
    body = {"name": "bad\u0000name", "variant": "louisiana", "players": ["a", "b", "c"]}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_request"
    assert error["field"] == "name"


def test_a_control_character_deep_in_a_body_names_its_path(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    body = {"expected_version": 1, "events": [{"deal": {"dealer": "ana\u0007"}}]}
    response = scorekeeper.post(f"/api/v1/tables/{table['id']}/events", body, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_request"
    assert error["field"] == "events[0].deal.dealer"


def test_newlines_and_tabs_in_text_are_fine(scorekeeper: APIClient) -> None:
    body = {"name": "line\tone\nline two", "variant": "louisiana", "players": ["a", "b", "c"]}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 201, response.json()


# ---------------------------------------------------------------- player names and types
def test_player_names_are_nfc_normalised(scorekeeper: APIClient) -> None:
    decomposed = "Jose\u0301"  # e + combining acute
    table = create_table(scorekeeper, players=[decomposed, "ben", "cy"])
    assert table["players"][0] == "Jos\u00e9"


@pytest.mark.parametrize(
    "name",
    ["an\u200ba", "ana\u202e", "\u2066ana", "ana\u0085", "a\u00adna", "\ufeffana", " ", ""],
)
def test_player_names_with_invisible_or_control_characters_are_refused(
    scorekeeper: APIClient, name: str
) -> None:
    body = {"name": "t", "variant": "louisiana", "players": [name, "ben", "cy"]}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code in (400, 422), response.json()
    assert error_of(response)["field"].startswith("players")


def test_player_names_differing_only_by_case_are_refused(scorekeeper: APIClient) -> None:
    body = {"name": "t", "variant": "louisiana", "players": ["Ana", "ben", "ANA"]}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 422
    error = error_of(response)
    assert error["code"] == "invalid_players"
    assert error["field"] == "players[2]"


def test_numbers_are_not_player_names(scorekeeper: APIClient) -> None:
    body = {"name": "t", "variant": "louisiana", "players": [1, 2, 3]}
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    # A wrong type is a malformed body: 400 invalid_request, as docs/api.md says.
    assert response.status_code == 400
    assert error_of(response)["field"] == "players[0]"


def test_a_version_given_as_text_is_refused(scorekeeper: APIClient, table: dict[str, Any]) -> None:
    body = {"expected_version": "1", "events": [{"undo": {"reason": "x"}}]}
    response = scorekeeper.post(f"/api/v1/tables/{table['id']}/events", body, format="json")
    assert response.status_code == 400
    assert error_of(response)["field"] == "expected_version"
    body = {"expected_version": True, "events": [{"undo": {"reason": "x"}}]}
    response = scorekeeper.post(f"/api/v1/tables/{table['id']}/events", body, format="json")
    assert response.status_code == 400


# ---------------------------------------------------------------- failures inside
def test_an_unexpected_error_is_a_json_500_without_a_traceback(
    auditor: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(**_: Any) -> Any:
        raise RuntimeError("secret internals postgres://u:pw@db/x")

    monkeypatch.setattr("games.api.tables.table_list", explode)
    auditor.raise_request_exception = False
    response = auditor.get("/api/v1/tables")
    assert response.status_code == 500
    error = error_of(response)
    assert error["code"] == "internal_error"
    assert b"Traceback" not in response.content
    assert b"pw@" not in response.content


def test_the_envelope_holds_with_debug_on(auditor: APIClient, settings: Any) -> None:
    settings.DEBUG = True
    response = auditor.get("/api/v1/tables/not-a-uuid")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.django_db(transaction=True)
def test_postgres_down_is_a_json_503_with_retry_after(
    auditor: APIClient, caplog: pytest.LogCaptureFixture
) -> None:
    from django.db import connection

    auditor.get("/api/v1/tables")  # authenticate once while the database is up
    original = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = str(_closed_port())
    try:
        response = auditor.get("/api/v1/tables")
    finally:
        connection.close()
        connection.settings_dict["PORT"] = original
    assert response.status_code == 503
    assert error_of(response)["code"] == "service_unavailable"
    assert int(response["Retry-After"]) > 0
    password = connection.settings_dict["PASSWORD"]
    assert password not in response.content.decode()
    assert all(password not in record.getMessage() for record in caplog.records)
    assert auditor.get("/api/v1/tables").status_code == 200  # and it recovers by itself


def test_an_event_naming_a_player_in_another_normal_form_finds_them(
    scorekeeper: APIClient,
) -> None:
    table = create_table(scorekeeper, players=["Jos\u00e9", "ben", "cy", "dee"])
    deal = {"deal": {"dealer": "Jose\u0301", "trump": "7S"}}
    response = scorekeeper.post(
        f"/api/v1/tables/{table['id']}/events",
        {"expected_version": 1, "events": [deal]},
        format="json",
    )
    assert response.status_code == 201, response.json()


def test_an_imported_transcript_with_players_differing_by_case_is_refused(
    scorekeeper: APIClient,
) -> None:
    transcript = {"format": "bourre-transcript/1", "variant": "louisiana",
                  "players": ["ana", "Ben", "BEN"], "deals": []}  # fmt: skip
    response = scorekeeper.post(
        "/api/v1/tables/import", {"name": "t", "transcript": transcript}, format="json"
    )
    assert response.status_code == 422
    assert error_of(response)["field"] == "transcript.players[2]"


def test_other_bodies_are_not_coerced_either(admin: APIClient) -> None:
    response = admin.post("/api/v1/keys", {"name": 7, "role": "auditor"}, format="json")
    assert response.status_code == 400
    assert error_of(response)["field"] == "name"
