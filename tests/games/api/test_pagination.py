"""One pagination for every list: `cursor` + `limit`, `next` as a full URL (null at the
end) and a `Link: <...>; rel="next"` header; a bad cursor is a 400 naming `cursor`."""

from __future__ import annotations

import base64
import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from clubs.models import Club
from tests.clubs.helpers import client_for, make_key
from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db


def _walk(client: APIClient, url: str, key: str, limit: int) -> tuple[list[Any], int]:
    """Every item of a list, following `next`; and how many pages it took."""
    seen: list[Any] = []
    pages = 0
    response = client.get(url, {"limit": limit})
    while True:
        assert response.status_code == 200, response.json()
        body = response.json()
        pages += 1
        seen += body[key]
        assert len(body[key]) <= limit
        if body["next"] is None:
            assert "Link" not in response.headers
            return seen, pages
        assert body["next"].startswith("http://testserver/api/v1/")
        assert response.headers["Link"] == f'<{body["next"]}>; rel="next"'
        response = client.get(body["next"])


def test_tables_page_in_creation_order_none_skipped_none_repeated(
    scorekeeper: APIClient,
) -> None:
    created = [create_table(scorekeeper, name=f"t{i}")["id"] for i in range(7)]
    seen, pages = _walk(scorekeeper, "/api/v1/tables", "tables", 3)
    assert [t["id"] for t in seen] == created
    assert pages == 3


def test_a_table_listed_shows_phase_pot_and_whose_turn(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    post_events(scorekeeper, table["id"], 1, [{"deal": {"dealer": "dee", "trump": "7S"}}])
    listed = scorekeeper.get("/api/v1/tables").json()["tables"][0]
    assert (listed["phase"], listed["pot"], listed["to_act"]) == ("declaring", 4, "ana")


def test_the_next_url_keeps_the_limit(scorekeeper: APIClient) -> None:
    for i in range(3):
        create_table(scorekeeper, name=f"t{i}")
    first = scorekeeper.get("/api/v1/tables", {"limit": 1}).json()
    assert "limit=1" in first["next"]
    assert len(scorekeeper.get(first["next"]).json()["tables"]) == 1


def test_events_and_keys_page_the_same_way(scorekeeper: APIClient, admin: APIClient) -> None:
    table = create_table(scorekeeper)
    post_events(scorekeeper, table["id"], 1, [{"deal": {"dealer": "dee", "trump": "7S"}}])
    events, _ = _walk(scorekeeper, f"/api/v1/tables/{table['id']}/events", "events", 2)
    assert [e["version"] for e in events] == [1, 2, 3]
    for i in range(4):
        admin.post("/api/v1/keys", {"name": f"k{i}", "role": "auditor"}, format="json")
    keys, pages = _walk(admin, "/api/v1/keys", "keys", 2)
    assert len(keys) == len({k["id"] for k in keys}) >= 5
    assert pages >= 3


def _cursor(payload: list[Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    "cursor",
    [
        "not a cursor",
        "%%%",
        _cursor(["events", 3]),  # another list's cursor
        _cursor(["tables", "not-a-uuid", "x"]),
        _cursor(["tables", "2026-01-01T00:00:00+00:00"]),  # too short
        _cursor({"tables": 1}),  # type: ignore[arg-type]
    ],
)
def test_a_bad_cursor_is_a_400_naming_cursor(scorekeeper: APIClient, cursor: str) -> None:
    response = scorekeeper.get("/api/v1/tables", {"cursor": cursor})
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", "cursor")


@pytest.mark.parametrize(
    "path", ["/api/v1/tables", "/api/v1/keys", "/api/v1/audits", "/api/v1/leaderboard"]
)
def test_limits_are_checked_the_same_everywhere(admin: APIClient, path: str) -> None:
    for limit in (0, 1001, "x"):
        response = admin.get(path, {"limit": limit})
        assert response.status_code == 400
        assert response.json()["error"]["field"] == "limit"
    response = admin.get(path, {"cursor": _cursor(["elsewhere", 1])})
    assert (response.status_code, response.json()["error"]["field"]) == (400, "cursor")


def test_events_cursor_tampered_with_is_refused(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    url = f"/api/v1/tables/{table['id']}/events"
    for bad in (["events", "1"], ["events", -1], ["events", 1, 2]):
        response = scorekeeper.get(url, {"cursor": _cursor(bad)})
        assert (response.status_code, response.json()["error"]["field"]) == (400, "cursor")


def test_exports_are_listed_newest_first(auditor: APIClient) -> None:
    made = [
        auditor.post("/api/v1/exports", {"kind": kind}, format="json").json()["id"]
        for kind in ("transcripts", "ledger", "transcripts")
    ]
    listed, pages = _walk(auditor, "/api/v1/exports", "exports", 2)
    assert [e["id"] for e in listed] == made[::-1]
    assert pages == 2


def test_projections_page_like_every_list(club: Club) -> None:
    operator = client_for(make_key(club, "operator")[1])
    everything = operator.get("/api/v1/projections").json()["projections"]
    assert len(everything) >= 2
    paged, pages = _walk(operator, "/api/v1/projections", "projections", 1)
    assert paged == everything
    assert pages == len(everything)


# Documents of one thing (their arrays are parts of it, not a list to page through).
DOCUMENTS = {
    "/api/v1/tables/{table_id}",
    "/api/v1/tables/{table_id}/state",
    "/api/v1/tables/{table_id}/ruling",
    "/api/v1/tables/{table_id}/transcript",
    "/api/v1/tables/{table_id}/deals/{index}",
    "/api/v1/tables/{table_id}/ledger",  # one table's ledger as of a position (`?at=`)
    "/api/v1/webhooks/{webhook_id}",
    "/api/v1/tables/{table_id}/settlement",  # one table's statements and transfers
    "/api/v1/tasks/{task_id}",  # one task; a verification's differences, the first 100
    "/api/v1/tables/{table_id}/viewers",  # one table's viewer links that have not ended
    "/api/v1/players/{name}",  # one player's page; the last 100 nights' nets (docs/seasons.md)
    "/api/v1/seasons/{season_id}",  # one season; its points table
    "/api/v1/log/consistency",  # one proof between two tree sizes (its hashes, in order)
}


def test_every_list_in_the_schema_is_paged_the_one_way() -> None:
    """A new list endpoint has to use api_common.pagination (or be named a document here)."""
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    schema = json.loads(out.getvalue())
    components = schema["components"]["schemas"]
    lists = []
    for path, operations in schema["paths"].items():
        get = operations.get("get")
        content = get and get["responses"].get("200", {}).get("content", {})
        ref = (content or {}).get("application/json", {}).get("schema", {}).get("$ref")
        if not ref:
            continue
        component = components[ref.rsplit("/", 1)[1]]
        arrays = [k for k, v in component.get("properties", {}).items() if v.get("type") == "array"]
        if not arrays or path in DOCUMENTS:
            continue
        lists.append(path)
        assert set(component["properties"]) == {arrays[0], "next"}, path
        assert component["properties"]["next"]["nullable"] is True, path
        names = {p["name"] for p in get.get("parameters", [])}
        assert {"cursor", "limit"} <= names, path
    assert "/api/v1/tables" in lists
    assert len(lists) >= 9
