"""`POST /tables/import` with an `Idempotency-Key`: a tablet whose answer was lost posts the
sitting again and gets the table the first request made, not a second one; the key's job
row is its record (games/services/imports.py), for a short transcript run in the request
and for a long one run by a worker."""

from __future__ import annotations

import copy
import random
import time
from typing import Any

import pytest
from rest_framework.test import APIClient

import games.services.events as events_module
from games.engine.simulate import random_sitting
from games.models import ImportJob, Table
from tests.clubs.helpers import client_for, make_club, make_key
from tests.imports.helpers import failing_append
from tests.together import at_once

IMPORT = "/api/v1/tables/import"


def _sitting(deals: int = 3, seed: int = 11) -> dict[str, Any]:
    return random_sitting(random.Random(seed), "louisiana", 4, deals=deals).transcript


def _post(api: APIClient, body: dict[str, Any], key: str, **headers: str) -> Any:
    return api.post(IMPORT, body, format="json", HTTP_IDEMPOTENCY_KEY=key, **headers)


def _scorekeeper() -> tuple[Any, APIClient]:
    club = make_club()
    return club, client_for(make_key(club, "scorekeeper")[1])


def _visible(api: APIClient) -> list[str]:
    return [t["id"] for t in api.get("/api/v1/tables").json()["tables"]]


@pytest.mark.django_db
def test_a_retried_import_gets_the_table_the_first_made() -> None:
    club, api = _scorekeeper()
    body = {"name": "Friday", "transcript": _sitting()}
    first = _post(api, body, "tablet-1-import-1")
    assert first.status_code == 201, first.json()
    assert "Idempotent-Replayed" not in first
    again = _post(api, copy.deepcopy(body), "tablet-1-import-1")
    assert again.status_code == 201, again.json()
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert again["Location"] == first["Location"]
    assert _visible(api) == [first.json()["id"]]
    assert Table.objects.filter(club=club).count() == 1
    (job,) = ImportJob.objects.filter(club=club)
    assert (job.status, job.attempts, str(job.table_id)) == ("succeeded", 1, first.json()["id"])
    assert job.transcript == {}  # let go once the table holds it
    # Another key is another import: a second table, as without a key.
    other = _post(api, body, "tablet-1-import-2")
    assert other.status_code == 201
    assert "Idempotent-Replayed" not in other
    assert len(_visible(api)) == 2


@pytest.mark.django_db
def test_the_key_with_another_body_is_refused_and_nothing_is_written() -> None:
    club, api = _scorekeeper()
    first = _post(api, {"name": "Friday", "transcript": _sitting()}, "k-1")
    assert first.status_code == 201
    for body in (
        {"name": "Saturday", "transcript": _sitting()},  # another name
        {"name": "Friday", "transcript": _sitting(seed=12)},  # other deals
    ):
        answer = _post(api, body, "k-1")
        assert answer.status_code == 422, answer.json()
        error = answer.json()["error"]
        assert (error["code"], error["field"]) == ("idempotency_conflict", "Idempotency-Key")
    assert Table.objects.filter(club=club).count() == 1
    # A key is the club's own: another club's same key imports a table of its own.
    _, elsewhere = _scorekeeper()
    assert (
        _post(elsewhere, {"name": "Saturday", "transcript": _sitting()}, "k-1").status_code == 201
    )


@pytest.mark.django_db
def test_a_refused_transcript_is_refused_again_on_retry() -> None:
    club, api = _scorekeeper()
    sitting = _sitting()
    first_play = sitting["deals"][1]["actions"][0]
    first_play["player"] = next(p for p in sitting["players"] if p != first_play["player"])
    body = {"name": "Friday", "transcript": sitting}
    answers = [_post(api, body, "k-refused") for _ in range(2)]
    for answer in answers:
        assert answer.status_code == 422, answer.json()
        assert answer.json()["error"]["deal"] == 1
    # The same refusal both times (each answer with its own request id).
    first, second = (answer.json()["error"] for answer in answers)
    assert first.pop("request_id") != second.pop("request_id")
    assert first == second
    assert "Idempotent-Replayed" not in answers[1]  # ruled again, as a post without a key
    assert not Table.objects.filter(club=club).exists()  # refused before anything is written
    (job,) = ImportJob.objects.filter(club=club)
    assert (job.status, job.attempts, job.problem["deal"]) == ("failed", 2, 1)


@pytest.mark.django_db(transaction=True)
def test_an_import_failed_midway_is_run_again_by_its_retry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club, api = _scorekeeper()
    body = {"name": "the night that failed", "transcript": _sitting(deals=12)}
    monkeypatch.setattr(events_module, "table_events_append", failing_append(3))
    failed = _post(api, body, "k-retry")
    assert failed.status_code == 503, failed.content
    (job,) = ImportJob.objects.filter(club=club)
    assert (job.status, job.problem["code"]) == ("failed", "import_failed")
    abandoned = job.table_id
    monkeypatch.undo()
    again = _post(api, body, "k-retry")
    assert again.status_code == 201, again.json()
    assert "Idempotent-Replayed" not in again  # imported now, not replayed
    assert _visible(api) == [again.json()["id"]]
    assert Table.objects.get(id=abandoned).import_status == "abandoned"
    job.refresh_from_db()
    assert (job.status, job.attempts, str(job.table_id)) == ("succeeded", 2, again.json()["id"])
    assert _post(api, body, "k-retry")["Idempotent-Replayed"] == "true"


@pytest.mark.django_db
def test_a_retry_while_the_first_is_importing_gets_its_job(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club, api = _scorekeeper()
    body = {"name": "Friday", "transcript": _sitting(deals=12)}
    during: list[Any] = []

    def retry(kwargs: dict[str, Any]) -> None:
        if not during:  # the first chunk: the table is made, the sitting not yet in
            during.append(_post(api, body, "k-busy"))

    monkeypatch.setattr(events_module, "table_events_append", failing_append(0, before=retry))
    first = _post(api, body, "k-busy")
    assert first.status_code == 201, first.json()
    (busy,) = during
    assert busy.status_code == 202, busy.json()
    assert busy["Idempotent-Replayed"] == "true"
    job = busy.json()
    assert (job["status"], job["table"]) == ("running", None)
    assert busy["Location"] == job["url"]
    assert busy["Retry-After"]
    # Polled, the job gives the table the first request answered with.
    done = api.get(job["url"]).json()
    assert (done["status"], done["table"]) == ("succeeded", first.json()["id"])
    assert Table.objects.filter(club=club).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_racing_posts_with_one_key_make_one_table() -> None:
    club = make_club()
    raw = make_key(club, "scorekeeper")[1]
    body = {"name": "Friday", "transcript": _sitting(deals=6)}
    answers, raised = at_once(*[lambda: _post(client_for(raw), body, "k-race")] * 2)
    assert raised == []
    made = [a for a in answers if "Idempotent-Replayed" not in a]
    replayed = [a for a in answers if a.get("Idempotent-Replayed") == "true"]
    assert (len(made), len(replayed)) == (1, 1), [a.status_code for a in answers]
    assert made[0].status_code == 201, made[0].json()
    table_id = made[0].json()["id"]
    if replayed[0].status_code == 202:  # it came while the first was importing
        job = replayed[0].json()
        assert job["status"] in ("running", "succeeded")
    else:
        assert replayed[0].json()["id"] == table_id
    assert [str(t.id) for t in Table.objects.filter(club=club)] == [table_id]
    assert ImportJob.objects.filter(club=club).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_keyed_import_by_a_worker_answers_its_retries(worker: Any) -> None:
    club, api = _scorekeeper()
    body = {"name": "by a worker", "transcript": _sitting()}
    first = _post(api, body, "k-async", HTTP_PREFER="respond-async")
    assert first.status_code == 202, first.json()
    assert first["Preference-Applied"] == "respond-async"
    job = first.json()
    again = _post(api, body, "k-async", HTTP_PREFER="respond-async")
    if again.status_code == 202:  # still queued or running
        assert again["Idempotent-Replayed"] == "true"
        assert again.json()["url"] == job["url"]
    deadline = time.monotonic() + 120
    while (polled := api.get(job["url"]).json())["status"] not in ("succeeded", "failed"):
        assert time.monotonic() < deadline, polled
        time.sleep(0.2)
    assert polled["status"] == "succeeded", polled["error"]
    done = _post(api, body, "k-async")
    assert done.status_code == 201, done.json()
    assert done["Idempotent-Replayed"] == "true"
    assert done.json()["id"] == polled["table"]
    assert _visible(api) == [polled["table"]]
    assert Table.objects.filter(club=club).count() == 1
