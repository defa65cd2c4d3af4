"""`GET /tables` pages through a club's tables by keyset: none skipped, none repeated."""

from __future__ import annotations

import uuid

from rest_framework.test import APIClient


def _create(client: APIClient, name: str) -> str:
    body = {"name": name, "variant": "louisiana", "players": ["a", "b", "c"]}
    response = client.post("/api/v1/tables", body, format="json")
    assert response.status_code == 201
    return response.json()["id"]


def test_pages_cover_every_table_once_in_creation_order(scorekeeper: APIClient) -> None:
    created = [_create(scorekeeper, f"t{i}") for i in range(7)]
    seen: list[str] = []
    after = None
    while True:
        query = {"limit": 3} if after is None else {"limit": 3, "after": after}
        page = scorekeeper.get("/api/v1/tables", query).json()
        seen += [t["id"] for t in page["tables"]]
        after = page["next"]
        if after is None:
            break
    assert seen == created


def test_a_single_page_says_there_is_no_next(scorekeeper: APIClient) -> None:
    _create(scorekeeper, "only")
    page = scorekeeper.get("/api/v1/tables").json()
    assert len(page["tables"]) == 1
    assert page["next"] is None


def test_bad_paging_parameters_name_the_field(scorekeeper: APIClient, outsider: APIClient) -> None:
    other = _create(outsider, "theirs")
    for query, field in (
        ({"limit": 0}, "limit"),
        ({"after": "nope"}, "after"),
        ({"after": str(uuid.uuid4())}, "after"),
        ({"after": other}, "after"),  # another club's table is no anchor
    ):
        response = scorekeeper.get("/api/v1/tables", query)
        assert response.status_code == 400, query
        assert response.json()["error"]["field"] == field
