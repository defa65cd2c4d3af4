"""The endpoints: statistics, leaderboard, projections, rebuild and task progress."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from clubs.models import Club
from eventlog import last_position
from games.engine.simulate import random_sitting
from projectors.framework import projector_run
from projectors.player_stats import NAME
from tests.clubs.helpers import client_for, make_club, make_key
from tests.projectors.conftest import live, wait_for
from tests.projectors.helpers import table_from_transcript

CASE = Path(__file__).parents[1] / "conformance" / "cases" / "louisiana-02-tie-bourre-lone.json"


@pytest.fixture
def club(db: None) -> Club:
    club = make_club()
    table_from_transcript(str(club.id), json.loads(CASE.read_text())["transcript"])
    projector_run(name=NAME, wait=True)
    return club


def test_a_players_stats(club: Club) -> None:
    auditor = client_for(make_key(club, "auditor")[1])
    response = auditor.get("/api/v1/players/c/stats")
    assert response.status_code == 200
    assert response.json() == {
        "player": "c",
        "tables": 1,
        "deals_played": 2,
        "deals_passed": 0,
        "pots_won": 1,
        "pot_chips": 12,
        "biggest_pot": 12,
        "bourres": 0,
        "reneges": 0,
        "net_chips": 10,
    }


def test_players_are_private_to_their_club(club: Club) -> None:
    other = make_club()
    table_from_transcript(
        str(other.id), random_sitting(random.Random(1), "louisiana", 4).transcript
    )
    projector_run(name=NAME, wait=True)
    assert client_for(make_key(other, "admin")[1]).get("/api/v1/players/c/stats").status_code == 404
    mine = client_for(make_key(club, "auditor")[1])
    assert mine.get("/api/v1/players/p1/stats").status_code == 404
    response = mine.get("/api/v1/players/nobody/stats")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert client_for(None).get("/api/v1/players/c/stats").status_code == 401
    assert client_for("bk_nope_nope").get("/api/v1/leaderboard").status_code == 401


def test_the_leaderboard_orders_by_net_chips_then_pots_won(club: Club) -> None:
    auditor = client_for(make_key(club, "auditor")[1])
    board = auditor.get("/api/v1/leaderboard").json()["players"]
    # balances: a -1, b -1, c 10, d -6, e -2; a and b tie on chips and pots: by name.
    assert [(p["rank"], p["player"], p["net_chips"]) for p in board] == [
        (1, "c", 10),
        (2, "a", -1),
        (3, "b", -1),
        (4, "e", -2),
        (5, "d", -6),
    ]
    first = auditor.get("/api/v1/leaderboard?limit=2").json()
    assert [p["player"] for p in first["players"]] == ["c", "a"]
    second = auditor.get(first["next"]).json()
    assert [(p["rank"], p["player"]) for p in second["players"]] == [(3, "b"), (4, "e")]
    assert [p["rank"] for p in auditor.get(second["next"]).json()["players"]] == [5]
    assert auditor.get("/api/v1/leaderboard?limit=0").status_code == 400


def test_the_projections_and_their_lag(club: Club) -> None:
    table_from_transcript(str(club.id), random_sitting(random.Random(2), "louisiana", 4).transcript)
    auditor = client_for(make_key(club, "operator")[1])
    body = auditor.get("/api/v1/projections").json()["projections"]
    stats = next(p for p in body if p["name"] == NAME)
    assert stats["kind"] == "async"
    assert stats["last_position"] == last_position()
    assert stats["lag"] == last_position() - stats["checkpoint"] > 0
    projector_run(name=NAME, wait=True)
    body = auditor.get("/api/v1/projections").json()["projections"]
    assert next(p for p in body if p["name"] == NAME)["lag"] == 0


def test_only_the_operator_may_rebuild_or_see_the_shared_projections(club: Club) -> None:
    # A shared read model covers every club: no club's key may rebuild it (and so hold the
    # rebuild slot against everyone) or read its positions (the log's size).
    for role in ("auditor", "scorekeeper", "admin"):
        client = client_for(make_key(club, role)[1])
        response = client.post(f"/api/v1/projections/{NAME}/rebuild")
        assert response.status_code == 403
        assert "operator" in response.json()["error"]["message"]
        assert client.get("/api/v1/projections").status_code == 403
    admin = client_for(make_key(club, "operator")[1])
    assert admin.post("/api/v1/projections/nope/rebuild").status_code == 404


def test_a_second_rebuild_while_one_is_queued_is_409(club: Club) -> None:
    # In this (rolled-back) test transaction nothing is enqueued: the first stays queued.
    admin = client_for(make_key(club, "operator")[1])
    first = admin.post(f"/api/v1/projections/{NAME}/rebuild")
    assert first.status_code == 202, first.json()
    second = admin.post(f"/api/v1/projections/{NAME}/rebuild")
    assert second.status_code == 409, second.json()
    assert second.json()["error"]["code"] == "rebuild_in_progress"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_rebuild_runs_on_a_worker_and_reports_progress(celery_worker_process: object) -> None:
    club = make_club()
    table_from_transcript(str(club.id), json.loads(CASE.read_text())["transcript"])
    projector_run(name=NAME, wait=True)
    generation = live().generation
    admin = client_for(make_key(club, "operator")[1])
    started = admin.post(f"/api/v1/projections/{NAME}/rebuild")
    assert started.status_code == 202
    task = started.json()
    assert (task["kind"], task["target"], task["status"]) == ("rebuild_projection", NAME, "queued")

    def finished() -> dict | None:
        body = admin.get(f"/api/v1/tasks/{task['id']}").json()
        return body if body["status"] in ("succeeded", "failed") else None

    body = wait_for(finished, timeout=120, every=0.2)
    assert body["status"] == "succeeded", body["error"]
    assert body["processed"] == body["total"] >= last_position() - 100
    assert body["started_at"] is not None
    assert body["finished_at"] is not None
    assert live().generation > generation
    assert admin.get("/api/v1/players/c/stats").json()["net_chips"] == 10
    other = client_for(make_key(make_club(), "admin")[1])
    assert other.get(f"/api/v1/tasks/{task['id']}").status_code == 404


def test_a_second_rebuild_waits_unless_the_first_went_silent(club: Club) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from projectors.models import TaskRun

    admin = client_for(make_key(club, "operator")[1])
    first = admin.post(f"/api/v1/projections/{NAME}/rebuild")
    assert first.status_code == 202
    task_url = f"http://testserver/api/v1/tasks/{first.json()['id']}"
    assert first.headers["Location"] == first.json()["url"] == task_url
    assert admin.get(first["Location"]).json()["status"] == "queued"
    second = admin.post(f"/api/v1/projections/{NAME}/rebuild")
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "rebuild_in_progress"
    # Its worker died: nothing reported for longer than the staleness limit.
    TaskRun.objects.filter(pk=first.json()["id"]).update(
        status="running", updated_at=timezone.now() - timedelta(hours=1)
    )
    assert admin.post(f"/api/v1/projections/{NAME}/rebuild").status_code == 202
