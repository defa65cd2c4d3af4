"""`Prefer: return=minimal` (RFC 7240) on a card play: the same answer without the table's
`state`, said by `Preference-Applied`; the default stays the whole state."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table

pytestmark = pytest.mark.django_db

DEAL = {"deal": {"dealer": "dee", "trump": "7S"}}


def _post(client: APIClient, table: str, version: int, prefer: str | None, **headers: str) -> Any:
    if prefer is not None:
        headers["HTTP_PREFER"] = prefer
    return client.post(
        f"/api/v1/tables/{table}/events",
        {"expected_version": version, "events": [DEAL]},
        format="json",
        **headers,
    )


@pytest.mark.parametrize(
    "prefer",
    [
        "return=minimal",
        "respond-async, return=minimal",
        "RETURN=minimal; x=1",
        'return="minimal"',  # RFC 7240: a value is a token or a quoted string
        "return = minimal",
    ],
)
def test_a_minimal_answer_is_the_full_one_without_the_state(
    scorekeeper: APIClient, prefer: str
) -> None:
    lean_table, full_table = create_table(scorekeeper)["id"], create_table(scorekeeper)["id"]
    lean = _post(scorekeeper, lean_table, 1, prefer)
    full = _post(scorekeeper, full_table, 1, None)
    assert lean.status_code == full.status_code == 201
    assert lean.headers["Preference-Applied"] == "return=minimal"
    assert "Preference-Applied" not in full.headers
    assert "state" not in lean.json()
    assert full.json()["state"]["phase"] == "declaring"
    expected = {k: v for k, v in full.json().items() if k != "state"}
    assert {**lean.json(), "table_id": full_table} == expected
    assert f"/api/v1/tables/{lean_table}/events?cursor=" in lean.headers["Location"]
    # The state is there to read, as it would have been sent.
    state = scorekeeper.get(f"/api/v1/tables/{lean_table}/state").json()
    assert state["version"] == lean.json()["version"]
    assert state["phase"] == "declaring"


@pytest.mark.parametrize("prefer", ["return=representation", "minimal", "return=minimalist"])
def test_any_other_preference_gets_the_whole_state(scorekeeper: APIClient, prefer: str) -> None:
    table = create_table(scorekeeper)["id"]
    response = _post(scorekeeper, table, 1, prefer)
    assert response.status_code == 201
    assert "state" in response.json()
    assert "Preference-Applied" not in response.headers


def test_a_retry_gets_the_bytes_first_sent_whatever_it_prefers(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)["id"]
    first = _post(scorekeeper, table, 1, "return=minimal", HTTP_IDEMPOTENCY_KEY="k-1")
    again = _post(scorekeeper, table, 1, None, HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.content == first.content
    assert again.headers["Preference-Applied"] == "return=minimal"
