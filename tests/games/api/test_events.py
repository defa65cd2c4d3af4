from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db

DEAL = {"deal": {"dealer": "dee", "trump": "7S"}}
DECLARES = [
    {"player": "ana", "declare": "play"},
    {"player": "ben", "declare": "pass"},
    {"player": "cy", "declare": "play"},
    {"player": "dee", "declare": "play"},
]


def _log(client: APIClient, table_id: str) -> list[dict[str, Any]]:
    return client.get(f"/api/v1/tables/{table_id}/events").json()["events"]


def test_append_returns_version_rulings_and_state(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    response = post_events(scorekeeper, table["id"], 1, [DEAL, *DECLARES])
    assert response.status_code == 201
    body = response.json()
    # DealStarted (2) and its deal_started ruling (3), then four declarations.
    assert body["version"] == 7
    assert [r["kind"] for r in body["rulings"]] == ["deal_started"]
    ante = body["rulings"][0]
    assert ante["cause_version"] == 2
    assert ante["version"] == 3
    assert ante["deal"] == 0
    assert ante["postings"][0]["kind"] == "ante"
    # The ledger's shape: each leg an account and a signed amount.
    legs = ante["postings"][0]["legs"]
    assert {"account": "player:ana", "amount": -1} in legs
    assert {"account": "pot", "amount": 4} in legs
    assert sum(leg["amount"] for leg in legs) == 0
    assert body["state"]["phase"] == "exchanging"
    assert body["state"]["version"] == 7
    types = [e["type"] for e in _log(scorekeeper, table["id"])]
    assert types == ["TableCreated", "DealStarted", "RulingMade", *["PlayerDeclared"] * 4]


def test_cards_are_stored_in_canonical_form(scorekeeper: APIClient, table: dict[str, Any]) -> None:
    deal = {
        "deal": {"dealer": "dee", "trump": "7s", "hands": {"ana": ["as", "10h", "7C", "2d", "9S"]}}
    }
    assert post_events(scorekeeper, table["id"], 1, [deal, *DECLARES]).status_code == 201
    assert (
        post_events(scorekeeper, table["id"], 7, [{"player": "ana", "play": "10h"}]).status_code
        == 201
    )
    log = _log(scorekeeper, table["id"])
    assert log[1]["data"] == {
        "dealer": "dee",
        "trump": "7S",
        "hands": {"ana": ["AS", "TH", "7C", "2D", "9S"]},
    }
    assert log[-1]["data"] == {"player": "ana", "play": "TH"}
    transcript = scorekeeper.get(f"/api/v1/tables/{table['id']}/transcript").json()
    assert transcript["deals"][0]["actions"][-1] == {"player": "ana", "play": "TH"}


def test_version_conflict_is_409_with_the_current_version(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    response = post_events(scorekeeper, table["id"], 5, [DEAL])
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "version_conflict"
    assert response.json()["error"]["current_version"] == 1
    assert len(_log(scorekeeper, table["id"])) == 1


def test_rejected_event_is_422_with_index_and_expected_player(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    events = [DEAL, *DECLARES, {"player": "cy", "play": "AS"}]
    response = post_events(scorekeeper, table["id"], 1, events)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["index"] == 5
    assert error["expected_player"] == "ana"
    assert error["code"] == "out_of_turn"
    assert len(_log(scorekeeper, table["id"])) == 1  # all or nothing


@pytest.mark.parametrize(
    ("event", "code", "field"),
    [
        ({"player": "ana", "play": "ZZ"}, "card_not_in_deck", "play"),
        ({"player": "ana"}, "invalid_event", "action"),
        ({"deal": {"dealer": "dee"}, "player": "x"}, "invalid_event", "deal"),
        ({"undo": "oops"}, "invalid_event", "undo"),
        (["not", "an", "object"], "invalid_event", "action"),
    ],
)
def test_malformed_events_are_422_naming_the_field(
    scorekeeper: APIClient, table: dict[str, Any], event: Any, code: str, field: str
) -> None:
    response = post_events(scorekeeper, table["id"], 1, [DEAL, event])
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["code"], error["field"], error["index"]) == (code, field, 1)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"events": [DEAL]}, "expected_version"),
        ({"expected_version": "one", "events": [DEAL]}, "expected_version"),
        ({"expected_version": 1, "events": []}, "events"),
        ({"expected_version": 1, "events": "deal"}, "events"),
        ({"expected_version": 1, "events": [{"deal": {"dealer": "a\x00b"}}]}, "events"),
    ],
)
def test_malformed_bodies_are_400_naming_the_field(
    scorekeeper: APIClient, table: dict[str, Any], body: dict[str, Any], field: str
) -> None:
    response = scorekeeper.post(f"/api/v1/tables/{table['id']}/events", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_request"
    assert response.json()["error"]["field"].startswith(field)


def test_invalid_json_is_400(scorekeeper: APIClient, table: dict[str, Any]) -> None:
    response = scorekeeper.generic(
        "POST", f"/api/v1/tables/{table['id']}/events", "{nope", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"


def test_auditor_cannot_log_and_outsider_sees_404(
    auditor: APIClient, outsider: APIClient, table: dict[str, Any]
) -> None:
    assert post_events(auditor, table["id"], 1, [DEAL]).status_code == 403
    for path in ("events", "state", "ruling", "transcript", "deals/0", ""):
        url = f"/api/v1/tables/{table['id']}/{path}".rstrip("/")
        assert outsider.get(url).status_code == 404, path
    response = post_events(outsider, table["id"], 1, [DEAL])
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert APIClient().get(f"/api/v1/tables/{table['id']}/state").status_code == 401
    assert len(_log(auditor, table["id"])) == 1


def test_idempotent_retry_returns_the_original_response(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    first = post_events(scorekeeper, table["id"], 1, [DEAL], key="tap-1")
    again = post_events(scorekeeper, table["id"], 1, [DEAL], key="tap-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert len(_log(scorekeeper, table["id"])) == 3
    other = post_events(scorekeeper, table["id"], 1, [{"deal": {"dealer": "ana"}}], key="tap-1")
    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_conflict"
    # The same key on another table is another request.
    second = create_table(scorekeeper)
    assert post_events(scorekeeper, second["id"], 1, [DEAL], key="tap-1").status_code == 201


def test_events_are_keyset_paged(scorekeeper: APIClient, table: dict[str, Any]) -> None:
    post_events(scorekeeper, table["id"], 1, [DEAL, *DECLARES])
    url = f"/api/v1/tables/{table['id']}/events"
    first = scorekeeper.get(url, {"limit": 4}).json()
    assert [e["version"] for e in first["events"]] == [1, 2, 3, 4]
    rest = scorekeeper.get(first["next"]).json()
    assert [e["version"] for e in rest["events"]] == [5, 6, 7]
    assert rest["next"] is None
    event = rest["events"][0]
    assert event["type"] == "PlayerDeclared"
    assert event["metadata"]["actor"]["name"] == "scorekeeper key"
    assert len(event["hash"]) == 64
    assert scorekeeper.get(url, {"limit": 0}).status_code == 400


def test_after_lists_only_the_events_after_a_version(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    """`?after=N` was silently ignored (the whole log came back); it is the stream's
    `Last-Event-ID` for the list, and pages as the list does."""
    post_events(scorekeeper, table["id"], 1, [DEAL, *DECLARES])
    url = f"/api/v1/tables/{table['id']}/events"
    page = scorekeeper.get(url, {"after": 3, "limit": 2}).json()
    assert [e["version"] for e in page["events"]] == [4, 5]
    assert "after=3" in page["next"]
    rest = scorekeeper.get(page["next"]).json()
    assert [e["version"] for e in rest["events"]] == [6, 7]
    assert [e["version"] for e in scorekeeper.get(url, {"after": 0}).json()["events"]] == [
        1, 2, 3, 4, 5, 6, 7,
    ]  # fmt: skip
    assert scorekeeper.get(url, {"after": 7}).json()["events"] == []
    for bad in ("abc", "-1", "1.5", "", "²"):
        refused = scorekeeper.get(url, {"after": bad})
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["field"] == "after"


def test_the_log_marks_undone_events(scorekeeper: APIClient, table: dict[str, Any]) -> None:
    post_events(scorekeeper, table["id"], 1, [DEAL, DECLARES[0]])
    post_events(scorekeeper, table["id"], 4, [{"undo": {"reason": "wrong tap"}}])
    log = {e["version"]: e for e in _log(scorekeeper, table["id"])}
    assert log[4]["type"] == "PlayerDeclared"
    assert log[4]["undone_by"] == 5
    assert log[5]["type"] == "EventUndone"
    assert [v for v, e in log.items() if e["undone_by"] is not None] == [4]


def test_a_deals_events_are_marked_undone_too(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    post_events(scorekeeper, table["id"], 1, [DEAL, DECLARES[0]])
    post_events(scorekeeper, table["id"], 4, [{"undo": {"reason": "wrong tap"}}])
    events = scorekeeper.get(f"/api/v1/tables/{table['id']}/deals/0").json()["events"]
    assert {e["version"]: e["undone_by"] for e in events}[4] == 5
