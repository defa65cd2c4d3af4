"""The API speaks the language Accept-Language asks for: same `code`, translated `message`,
and `Content-Language` says which (docs/i18n.md)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table

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
