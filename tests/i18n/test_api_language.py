"""The API speaks the language Accept-Language asks for: same `code`, translated `message`,
and `Content-Language` says which (docs/i18n.md)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table
from tests.i18n.english import english_left

DEAL = {"deal": {"dealer": "dee", "trump": "7S"}}
# ana declares first (left of the dealer): cy out of turn.
OUT_OF_TURN = [DEAL, {"player": "cy", "declare": "play"}]
MESSAGES = {
    "en": "out of turn: expected ana to declare",
    "fr": "pas son tour\u00a0: c'est à ana d'annoncer",
    "uk": "не за чергою: оголошувати має ana",
}


def _refused(client: APIClient, table: dict[str, Any], language: str) -> Any:
    return client.post(
        f"/api/v1/tables/{table['id']}/events",
        {"expected_version": 1, "events": OUT_OF_TURN},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_the_same_refusal_in_three_languages_has_one_code(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    answers = {}
    for language, header in (("en", "en-US,en;q=0.9"), ("fr", "fr-FR,fr;q=0.9"), ("uk", "uk")):
        response = _refused(scorekeeper, table, header)
        assert response.status_code == 422
        assert response["Content-Language"] == language
        assert "Accept-Language" in response["Vary"]
        answers[language] = response.json()["error"]
    assert {error["code"] for error in answers.values()} == {"out_of_turn"}
    assert {error["expected_player"] for error in answers.values()} == {"ana"}
    assert {language: error["message"] for language, error in answers.items()} == MESSAGES


@pytest.mark.parametrize(
    ("header", "language"),
    [("de-DE,de;q=0.9", "en"), ("", "en"), ("de, uk;q=0.5", "uk"), ("fr-CA", "fr")],
)
def test_a_language_we_do_not_speak_is_english(
    scorekeeper: APIClient, header: str, language: str
) -> None:
    table = create_table(scorekeeper)
    response = _refused(scorekeeper, table, header)
    assert response["Content-Language"] == language
    assert response.json()["error"]["message"] == MESSAGES[language]


@pytest.mark.django_db
def test_the_request_guard_speaks_the_language_too(scorekeeper: APIClient) -> None:
    """An unknown URL is answered by the guard, outside any view."""
    answers = {
        language: scorekeeper.get("/api/v1/no-such-thing", HTTP_ACCEPT_LANGUAGE=language)
        for language in ("en", "fr", "uk")
    }
    assert {r.json()["error"]["code"] for r in answers.values()} == {"not_found"}
    messages = {language: r.json()["error"]["message"] for language, r in answers.items()}
    assert messages["en"] == "no such URL (or a malformed path parameter)"
    assert messages["fr"].startswith("URL inconnue")
    assert messages["uk"].startswith("такої URL-адреси немає")


@pytest.mark.django_db
def test_a_cookie_does_not_change_the_api_language(scorekeeper: APIClient) -> None:
    scorekeeper.cookies["bourre_language"] = "uk"
    response = scorekeeper.get("/api/v1/no-such-thing", HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Language"] == "fr"


def test_drf_s_own_messages_follow_the_language_too(db: None) -> None:
    """No key at all: DRF's message, which DRF itself translates."""
    anonymous = APIClient()
    answers = {
        language: anonymous.get("/api/v1/tables", HTTP_ACCEPT_LANGUAGE=language)
        for language in ("en", "fr", "uk")
    }
    assert {r.status_code for r in answers.values()} == {401}
    assert {r.json()["error"]["code"] for r in answers.values()} == {"not_authenticated"}
    messages = {r.json()["error"]["message"] for r in answers.values()}
    assert len(messages) == 3, messages


# Refusals raised by the API's views and the services (not the engine's): one request each,
# whose English message is known; the `code` never changes, the `message` follows the header.
def _missing_table(client: APIClient) -> Any:
    return client.get("/api/v1/tables/00000000-0000-4000-8000-000000000000")


def _stale_version(client: APIClient) -> Any:
    table = create_table(client)
    body = {"expected_version": 7, "events": [DEAL]}
    return client.post(f"/api/v1/tables/{table['id']}/events", body, format="json")


def _name_with_a_space(client: APIClient) -> Any:
    body = {"name": "t", "variant": "louisiana", "players": ["ana ", "ben", "cy"]}
    return client.post("/api/v1/tables", body, format="json")


def _foreign_cursor(client: APIClient) -> Any:
    return client.get("/api/v1/tables?cursor=bm90LWEtY3Vyc29y")


def _key_reused(client: APIClient) -> Any:
    table = create_table(client)
    url = f"/api/v1/tables/{table['id']}/events"
    client.post(
        url, {"expected_version": 1, "events": [DEAL]}, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    body = {"expected_version": 1, "events": [{"deal": {"dealer": "ana", "trump": "7S"}}]}
    return client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")


REFUSALS = {
    "not_found": (_missing_table, "no such table in this club"),
    "version_conflict": (_stale_version, "the table is at version 1, not 7"),
    "invalid_players": (
        _name_with_a_space,
        "players[0]: a name is visible text without leading or trailing spaces",
    ),
    "invalid_request": (_foreign_cursor, "cursor: not a cursor this API issued"),
    "idempotency_conflict": (
        _key_reused,
        "this Idempotency-Key was already used with a different request",
    ),
}


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_the_views_and_services_refusals_speak_the_language(
    scorekeeper: APIClient, code: str
) -> None:
    ask, english = REFUSALS[code]
    messages = {}
    for language in ("en", "fr", "uk"):
        headers = {**scorekeeper._credentials, "HTTP_ACCEPT_LANGUAGE": language}  # type: ignore[attr-defined]
        scorekeeper.credentials(**headers)
        response = ask(scorekeeper)
        assert response["Content-Language"] == language
        error = response.json()["error"]
        assert error["code"] == code
        messages[language] = error["message"]
    assert messages["en"] == english
    for language in ("fr", "uk"):
        assert messages[language] != english
        assert english_left(messages[language], language) == [], messages[language]
