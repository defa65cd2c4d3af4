"""`Idempotency-Key` on every POST that creates something (api_common/idempotency.py; a
table, an import and logged events keep theirs in games): the same key and body give the
first answer again, `Idempotent-Replayed: true`, and nothing is made twice; another body is
a 422 `idempotency_conflict`; a secret shown once is null in a replay; a refusal is not
kept; without the header two posts make two things."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.clubs.helpers import client_for, make_club, make_key
from tests.games.api.conftest import create_table

pytestmark = pytest.mark.django_db(transaction=True)

TODAY = datetime.date.today().isoformat()


def _cases(
    admin: APIClient, table_id: str
) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(what, URL, a body, another body)."""
    return [
        ("key", "/api/v1/keys", {"name": "tablet", "role": "scorekeeper"}, {"name": "other"}),
        (
            "webhook",
            "/api/v1/webhooks",
            {"url": "https://club.example/hook", "kinds": ["deal_settled"]},
            {"url": "https://club.example/other", "kinds": ["deal_settled"]},
        ),
        (
            "export",
            "/api/v1/exports",
            {"kind": "ledger", "format": "csv", "from": TODAY, "to": TODAY},
            {"kind": "ledger", "format": "json", "from": TODAY, "to": TODAY},
        ),
        ("audit", "/api/v1/audits", {}, {"unexpected": 1}),
        ("viewer", f"/api/v1/tables/{table_id}/viewers", {}, {"other": True}),
    ]


@pytest.mark.parametrize("what", ["key", "webhook", "export", "audit", "viewer"])
def test_a_retry_gets_the_first_answer_and_makes_nothing_more(what: str) -> None:
    club = make_club()
    admin = client_for(make_key(club, "admin")[1])
    table = create_table(admin)
    _, url, body, other = next(c for c in _cases(admin, table["id"]) if c[0] == what)
    listed = url
    before = len(next(iter(v for v in admin.get(listed).json().values() if isinstance(v, list))))

    first = admin.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code in (201, 202), first.json()
    again = admin.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == first.status_code
    assert again["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert again.json()["id"] == first.json()["id"]
    assert again.get("Location") == first.get("Location")
    after = len(next(iter(v for v in admin.get(listed).json().values() if isinstance(v, list))))
    assert after == before + 1

    conflict = admin.post(url, other, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert conflict.status_code == 422
    assert conflict.json()["error"]["code"] == "idempotency_conflict"
    assert conflict.json()["error"]["field"] == "Idempotency-Key"
    # Another club's same key is its own.
    stranger = client_for(make_key(make_club(), "admin")[1])
    if what != "viewer":
        assert stranger.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1").status_code in (
            201,
            202,
        )


def test_a_secret_shown_once_is_null_in_a_replay() -> None:
    admin = client_for(make_key(make_club(), "admin")[1])
    body = {"name": "tablet", "role": "scorekeeper"}
    first = admin.post("/api/v1/keys", body, format="json", HTTP_IDEMPOTENCY_KEY="s")
    again = admin.post("/api/v1/keys", body, format="json", HTTP_IDEMPOTENCY_KEY="s")
    assert first.json()["key"].startswith("bk_")
    assert again.json()["key"] is None
    assert {k: v for k, v in again.json().items() if k != "key"} == {
        k: v for k, v in first.json().items() if k != "key"
    }


def test_a_refusal_is_not_kept_and_no_key_makes_two() -> None:
    admin = client_for(make_key(make_club(), "admin")[1])
    blank = {"name": "", "role": "scorekeeper"}
    refused = admin.post("/api/v1/keys", blank, format="json", HTTP_IDEMPOTENCY_KEY="r")
    assert refused.status_code == 422, refused.json()
    made = admin.post(
        "/api/v1/keys", {**blank, "name": "ok"}, format="json", HTTP_IDEMPOTENCY_KEY="r"
    )
    assert made.status_code == 201
    one = admin.post("/api/v1/keys", {**blank, "name": "ok"}, format="json")
    two = admin.post("/api/v1/keys", {**blank, "name": "ok"}, format="json")
    assert one.json()["id"] != two.json()["id"]
    bad = admin.post("/api/v1/keys", {"name": "x"}, format="json", HTTP_IDEMPOTENCY_KEY="a\x01")
    assert bad.status_code == 400
    assert bad.json()["error"]["field"] == "Idempotency-Key"
