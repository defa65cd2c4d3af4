"""The one rebuild endpoint: any projection of the one registry, one table, verify."""

from __future__ import annotations

import uuid
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog.subscriptions import LIVE, rebuild_names, subscriptions
from games.models import TableSnapshot
from projectors.models import TaskRun
from projectors.player_stats import NAME
from projectors.rebuild import projection_rebuild_run
from tests.audits.helpers import sitting_table
from tests.clubs.helpers import client_for, make_club, make_key
from tests.projectors.conftest import wait_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return make_club()


def _operator(club: Club) -> APIClient:
    return client_for(make_key(club, "operator")[1])


def _rebuild(club: Club, name: str, **body: object) -> dict:
    """POST the rebuild, then run its job's body here (what the worker runs)."""
    response = _operator(club).post(f"/api/v1/projections/{name}/rebuild", body, format="json")
    assert response.status_code == 202, response.json()
    task = response.json()
    projection_rebuild_run(task_run_id=uuid.UUID(task["id"]))
    done = _operator(club).get(task["url"]).json()
    assert done["status"] == "succeeded", done["error"]
    return done


def test_the_command_and_the_endpoint_take_their_names_from_the_one_registry(club: Club) -> None:
    names = rebuild_names()
    # Inline table-by-table, asynchronous by generation, and an async one with a rebuild.
    assert {"table_state", "ledger", NAME, "webhooks"} <= set(names)
    assert all(subscriptions()[n].lifecycle != LIVE for n in names)
    out = StringIO()
    with pytest.raises(CommandError, match=f"known: {', '.join(names)}$"):
        call_command("rebuild", "--projection", "nope", stdout=out)
    operator = _operator(club)
    for name in names:
        assert operator.post(f"/api/v1/projections/{name}/rebuild").status_code == 202, name
    assert TaskRun.objects.filter(kind="rebuild_projection").count() == len(names)
    folded = next(n for n, s in subscriptions().items() if s.lifecycle == LIVE)
    with pytest.raises(CommandError, match="folded from the log on read"):
        call_command("rebuild", "--projection", folded, stdout=out)
    response = operator.post(f"/api/v1/projections/{folded}/rebuild")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "name"


@pytest.mark.usefixtures("clubs_of_the_whole_log")  # rebuilds the whole log
def test_an_inline_projection_is_rebuilt_whole_through_the_api(club: Club) -> None:
    table = sitting_table(club, seed=61)
    TableSnapshot.objects.filter(table=table).update(version=1)  # a damaged read model
    done = _rebuild(club, "table_state")
    assert (done["target"], done["table"], done["verify"]) == ("table_state", "", False)
    assert done["processed"] == done["total"] > 0
    assert TableSnapshot.objects.get(table=table).version > 1


def test_an_inline_projection_of_one_table_is_verified_then_rebuilt(club: Club) -> None:
    table, other = sitting_table(club, seed=62), sitting_table(club, seed=63)
    TableSnapshot.objects.filter(table__in=[table, other]).update(version=1)
    verified = _rebuild(club, "table_state", table=str(table.id), verify=True)
    assert (verified["table"], verified["verify"]) == (str(table.id), True)
    assert verified["differences"]
    assert all(d.startswith("table_state: ") for d in verified["differences"])
    assert TableSnapshot.objects.get(table=table).version == 1  # verify wrote nothing
    rebuilt = _rebuild(club, "table_state", table=str(table.id))
    assert rebuilt["differences"] == []
    assert TableSnapshot.objects.get(table=table).version > 1
    assert TableSnapshot.objects.get(table=other).version == 1  # only that table
    assert _rebuild(club, "table_state", table=str(table.id), verify=True)["differences"] == []


@pytest.mark.parametrize(
    ("name", "body", "field"),
    [
        (NAME, {"table": "TABLE"}, "table"),  # a projector is rebuilt whole
        (NAME, {"verify": True}, "verify"),
        ("table_state", {"table": "not-a-uuid"}, "table"),
        ("table_state", {"table": str(uuid.UUID(int=7))}, "table"),  # no such table
        ("ledger", {"verify": "perhaps"}, "verify"),
        ("ledger", {"verfy": True}, "verfy"),  # misspelt: not a rebuild that writes
    ],
)
def test_what_cannot_be_rebuilt_so_is_400_naming_the_field(
    club: Club, name: str, body: dict, field: str
) -> None:
    if body.get("table") == "TABLE":
        body = {"table": str(sitting_table(club, seed=64).id)}
    response = _operator(club).post(f"/api/v1/projections/{name}/rebuild", body, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", field)
    assert not TaskRun.objects.exists()  # nothing recorded, nothing queued


def test_an_unknown_projection_is_404_and_a_club_key_may_not_rebuild(club: Club) -> None:
    response = _operator(club).post("/api/v1/projections/nope/rebuild")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert "table_state" in response.json()["error"]["message"]
    admin = client_for(make_key(club, "admin")[1])
    assert admin.post("/api/v1/projections/table_state/rebuild").status_code == 403


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_verification_of_one_table_runs_on_a_worker(celery_worker_process: object) -> None:
    club = make_club()
    table = sitting_table(club, seed=65)
    TableSnapshot.objects.filter(table=table).update(version=1)
    operator = _operator(club)
    started = operator.post(
        "/api/v1/projections/table_state/rebuild",
        {"table": str(table.id), "verify": True},
        format="json",
    )
    assert started.status_code == 202
    assert started.headers["Location"] == started.json()["url"]

    def finished() -> dict | None:
        body = operator.get(started.json()["url"]).json()
        return body if body["status"] in ("succeeded", "failed") else None

    body = wait_for(finished, timeout=120, every=0.2)
    assert body["status"] == "succeeded", body["error"]
    assert body["differences"]
    assert body["processed"] == body["total"] > 0
    assert TableSnapshot.objects.get(table=table).version == 1


def test_a_task_shows_the_first_hundred_differences_and_counts_the_rest() -> None:
    from eventlog.registry import RebuildReport
    from projectors.rebuild import SHOWN_DIFFERENCES, RebuildOutcome

    many = RebuildReport(
        name="table_state", streams=150, events=0, differences=tuple(f"t{n}" for n in range(150))
    )
    outcome = RebuildOutcome(reports={"table_state": many}, generations={})
    assert outcome.difference_count == 150
    assert len(outcome.differences) == SHOWN_DIFFERENCES + 1
    assert outcome.differences[-1] == "... and 50 more"
    assert outcome.differences[0] == "table_state: t0"
