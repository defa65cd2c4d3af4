"""Concurrent posts to one table with the same expected version, with real commits:
exactly one wins, the others get 409, nothing is lost or duplicated."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from tests.clubs.helpers import client_for, make_club, make_key
from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = ["ana", "ben", "cy", "dee"]
# One event per round: each is the only legal next event, so a round has one winner.
ROUNDS = [{"player": p, "declare": "play"} for p in SEATS] + [
    {"player": p, "exchange": 0} for p in SEATS
]
WRITERS = 6


def test_one_of_many_concurrent_posts_wins_every_round() -> None:
    raw = make_key(make_club(), "scorekeeper")[1]
    table = create_table(client_for(raw))
    start = post_events(
        client_for(raw), table["id"], 1, [{"deal": {"dealer": "dee", "trump": "7S"}}]
    ).json()["version"]
    barrier = threading.Barrier(WRITERS, timeout=60)
    results: list[list[tuple[int, Any]]] = [[] for _ in ROUNDS]
    errors: list[BaseException] = []
    lock = threading.Lock()

    def attempt() -> None:
        client = client_for(raw)
        try:
            for n, event in enumerate(ROUNDS):
                barrier.wait()
                response = post_events(client, table["id"], start + n, [event])
                with lock:
                    results[n].append((response.status_code, response.json()))
                barrier.wait()  # the round is over before the next starts
        except BaseException as error:  # reported below
            errors.append(error)
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors

    for n, round_results in enumerate(results):
        statuses = sorted(status for status, _ in round_results)
        assert statuses == [201] + [409] * (WRITERS - 1), (n, round_results)
        for status, body in round_results:
            if status == 409:
                assert body["error"]["current_version"] == start + n + 1
            else:
                assert body["version"] == start + n + 1
    log = client_for(raw).get(f"/api/v1/tables/{table['id']}/events").json()["events"]
    assert [e["version"] for e in log] == list(range(1, start + len(ROUNDS) + 1))
    assert [e["type"] for e in log].count("PlayerDeclared") == len(SEATS)
    assert [e["type"] for e in log].count("CardsExchanged") == len(SEATS)
    state = client_for(raw).get(f"/api/v1/tables/{table['id']}/state").json()
    assert state["version"] == start + len(ROUNDS)
    assert state["to_act"] == "ana"  # play can start: nothing was lost or doubled
