"""Through the real API and a real worker: tables logged with the games service wake the
projectors after commit, and the statistics agree with the ledger."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine.simulate import random_sitting
from tests.clubs.helpers import client_for, make_club, make_key
from tests.projectors.conftest import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_logged_tables_reach_the_stats_and_match_the_ledger(celery_worker_process: object) -> None:
    club = make_club()
    scorekeeper = client_for(make_key(club, "scorekeeper")[1])
    auditor = client_for(make_key(club, "auditor")[1])
    rng = random.Random(42)
    tables = []
    for n in range(3):
        transcript = random_sitting(rng, "louisiana", 4, deals=4, renege_chance=0.2).transcript
        response = scorekeeper.post(
            "/api/v1/tables/import", {"name": f"t{n}", "transcript": transcript}, format="json"
        )
        assert response.status_code == 201, response.json()
        tables.append(response.json())
    # An undo through the API: the last event of the last table is taken back.
    last = tables[-1]
    undone = scorekeeper.post(
        f"/api/v1/tables/{last['id']}/events",
        {"expected_version": last["version"], "events": [{"undo": {"reason": "test"}}]},
        format="json",
    )
    assert undone.status_code == 201, undone.json()
    assert undone.json()["version"] == last["version"] + 1
    assert len(undone.json()["undone"]) == 1

    ledger: Counter[str] = Counter()
    for table in tables:
        body = auditor.get(f"/api/v1/tables/{table['id']}/balances").json()
        ledger.update(body["balances"])

    def stats_match() -> bool:
        board = auditor.get("/api/v1/leaderboard").json()["players"]
        return {p["player"]: p["net_chips"] for p in board} == dict(ledger)

    wait_for(stats_match, timeout=60, every=0.2)
    p1 = auditor.get("/api/v1/players/p1/stats").json()
    assert p1["tables"] == 3
    # 3 tables x 4 deals, less the last one, whose settling event was undone.
    assert p1["deals_played"] + p1["deals_passed"] == 11
    operator = client_for(make_key(club, "operator")[1])  # the shared read models' status
    lag = operator.get("/api/v1/projections").json()["projections"]
    assert any(p["name"] == "player_stats" and p["kind"] == "async" for p in lag)
