"""Concurrent posts to one table with the same expected version, with real commits:
exactly one wins, the others get 409, nothing is lost or duplicated."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from tests.api.conftest import create_table, post_events
from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db(transaction=True)

DECLARERS = ["ana", "ben", "cy"]


def test_one_of_many_concurrent_posts_wins() -> None:
    raw = make_key(make_club(), "scorekeeper")[1]
    table = create_table(client_for(raw))
    version = post_events(
        client_for(raw), table["id"], 1, [{"deal": {"dealer": "dee", "trump": "7S"}}]
    ).json()["version"]
    barrier = threading.Barrier(8)
    results: list[tuple[int, Any]] = []
    lock = threading.Lock()

    def attempt() -> None:
        client = client_for(raw)
        try:
            barrier.wait()
            response = post_events(
                client, table["id"], version, [{"player": "ana", "declare": "play"}]
            )
            with lock:
                results.append((response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    statuses = sorted(status for status, _ in results)
    assert statuses == [201] + [409] * 7
    for status, body in results:
        if status == 409:
            assert body["error"]["current_version"] == version + 1
    log = client_for(raw).get(f"/api/v1/tables/{table['id']}/events").json()["events"]
    assert [e["version"] for e in log] == list(range(1, version + 2))
    assert [e["type"] for e in log].count("PlayerDeclared") == 1
    state = client_for(raw).get(f"/api/v1/tables/{table['id']}/state").json()
    assert state["version"] == version + 1
