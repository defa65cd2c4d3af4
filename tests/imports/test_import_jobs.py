"""`POST /tables/import` of a long transcript is a job (issue 25): 202 and the job's URL,
then a real worker imports it, all or nothing, and the job says how it went: the new table,
or the refusal the request would have answered with a 422."""

from __future__ import annotations

import copy
import random
import time
import uuid
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation
from rest_framework.test import APIClient

import games.services.events as events_module
from games.engine import TranscriptRejected
from games.engine.simulate import random_sitting
from games.models import ImportJob, Table
from games.services import IMPORT_SYNC_ITEMS, import_job_run
from games.services.import_refusals import refusal_said
from games.services.imports import import_start
from games.services.tables import IMPORTING, import_prepared
from tests.clubs.helpers import client_for, make_club, make_key
from tests.imports.helpers import failing_append


def _sitting(deals: int, seed: int = 7) -> dict[str, Any]:
    return random_sitting(random.Random(seed), "louisiana", 4, deals=deals).transcript


def _out_of_turn(transcript: dict[str, Any], deal: int) -> dict[str, Any]:
    """The transcript with deal `deal`'s first action made by the wrong player."""
    broken = copy.deepcopy(transcript)
    first = broken["deals"][deal]["actions"][0]
    first["player"] = next(p for p in broken["players"] if p != first["player"])
    return broken


def _finished(client: APIClient, url: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(url)
        assert answer.status_code == 200
        body: dict[str, Any] = answer.json()
        if body["status"] in ("succeeded", "failed"):
            assert "Retry-After" not in answer
            return body
        assert answer["Retry-After"]
        assert time.monotonic() < deadline, f"the import is still {body['status']}"
        time.sleep(0.2)


@pytest.mark.django_db(transaction=True)
def test_a_long_transcript_is_imported_by_a_worker(worker: Any) -> None:
    club = make_club()
    api = client_for(make_key(club, "scorekeeper")[1])
    sitting = _sitting(deals=50)
    items = len(import_prepared(name="x", transcript=sitting).items)
    assert items > IMPORT_SYNC_ITEMS

    answer = api.post(
        "/api/v1/tables/import", {"name": "long night", "transcript": sitting}, format="json"
    )
    assert answer.status_code == 202, answer.json()
    assert "Preference-Applied" not in answer  # a job for its size, not asked for
    job = answer.json()
    assert answer["Location"] == job["url"]
    assert job["status"] in ("queued", "running")
    assert job["progress"] == {"items": items, "done": 0} or job["status"] == "running"
    assert job["table"] is None
    assert job["error"] is None

    done = _finished(api, job["url"])
    assert done["status"] == "succeeded", done["error"]
    assert done["progress"] == {"items": items, "done": items}
    table = api.get(done["table_url"])
    assert table.status_code == 200
    assert table.json()["id"] == done["table"]
    transcript = api.get(f"/api/v1/tables/{done['table']}/transcript").json()
    assert len(transcript["deals"]) == len(sitting["deals"])
    for stored, posted in zip(transcript["deals"], sitting["deals"], strict=True):
        assert (stored["hands"], stored["actions"]) == (posted["hands"], posted["actions"])
    assert ImportJob.objects.get(id=job["id"]).transcript == {}  # let go once done

    outsider = client_for(make_key(make_club(), "admin")[1])
    assert outsider.get(job["url"]).status_code == 404
    assert api.get(f"/api/v1/tables/imports/{uuid.uuid4()}").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_job_fails_with_the_refusal_the_request_would_have_given(worker: Any) -> None:
    club = make_club()
    api = client_for(make_key(club, "scorekeeper")[1])
    broken = _out_of_turn(_sitting(deals=3, seed=8), deal=2)
    now = api.post("/api/v1/tables/import", {"name": "x", "transcript": broken}, format="json")
    assert now.status_code == 422
    refusal = now.json()["error"]

    answer = api.post(
        "/api/v1/tables/import",
        {"name": "x", "transcript": broken},
        format="json",
        HTTP_PREFER="respond-async",
    )
    assert answer.status_code == 202
    assert answer["Preference-Applied"] == "respond-async"
    done = _finished(api, answer["Location"])
    assert done["status"] == "failed"
    assert done["table"] is None
    assert done["table_url"] is None
    error = done["error"]
    assert (error["code"], error["deal"], error["action"]) == (refusal["code"], 2, 0)
    assert (refusal["deal"], refusal["action"]) == (2, 0)
    assert not Table.objects.filter(club=club).exists()  # ruled before anything is written


@pytest.mark.django_db
def test_what_is_cheap_to_check_is_still_a_422_on_the_post() -> None:
    club = make_club()
    api = client_for(make_key(club, "scorekeeper")[1])
    sitting = _sitting(deals=50)
    cases = [
        ({**sitting, "players": ["Ana", "ana", "p3", "p4"]}, "transcript.players"),
        ({**sitting, "format": "other/1"}, "format"),
        ({**sitting, "options": {"ante": 10**30}}, None),
    ]
    for transcript, field in cases:
        answer = api.post(
            "/api/v1/tables/import",
            {"name": "x", "transcript": transcript},
            format="json",
            HTTP_PREFER="respond-async",
        )
        assert answer.status_code in (400, 422), answer.json()
        if field:
            assert answer.json()["error"]["field"].startswith(field)
    answer = api.post(
        "/api/v1/tables/import",
        {"name": "x" * 201, "transcript": sitting},
        format="json",
        HTTP_PREFER="respond-async",
    )
    assert answer.status_code in (400, 422)
    assert answer.json()["error"]["field"] == "name"
    assert not ImportJob.objects.filter(club=club).exists()


def _no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs run in this process only: a Celery worker of the session (started by an
    earlier test) must not get the message and race the test for the job."""
    from games.tasks import import_run_task

    monkeypatch.setattr(import_run_task, "delay", lambda *args, **kwargs: None)


@pytest.mark.django_db(transaction=True)
def test_a_database_failure_midway_fails_the_job_and_a_rerun_abandons_the_stale_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In this process (no worker): the third chunk's append fails as a dropped commit."""
    _no_worker(monkeypatch)
    club = make_club()
    job = import_start(club=club, name="x", transcript=_sitting(deals=12), prefer_async=True)
    assert isinstance(job, ImportJob)
    real = events_module.table_events_append
    monkeypatch.setattr(events_module, "table_events_append", failing_append())
    failed = import_job_run(job_id=job.id)
    assert failed.status == "failed"
    assert failed.problem is not None
    assert failed.problem["code"] == "import_failed"
    assert Table.objects.get(id=failed.table_id).import_status == "abandoned"

    # A run whose worker died leaves its table importing; the sweep requeues the job and
    # the next run abandons that table before importing anew.
    monkeypatch.setattr(events_module, "table_events_append", real)
    again = import_start(club=club, name="y", transcript=_sitting(deals=12), prefer_async=True)
    assert isinstance(again, ImportJob)
    stale = Table.objects.create(
        id=uuid.uuid4(),
        club=club,
        name="y",
        variant="louisiana",
        options={},
        players=["p1", "p2", "p3", "p4"],
        created_at=again.created_at,
        import_status=IMPORTING,
    )
    ImportJob.objects.filter(id=again.id).update(table_id=stale.id)
    done = import_job_run(job_id=again.id)
    assert done.status == "succeeded"
    assert done.table_id != stale.id
    stale.refresh_from_db()
    assert stale.import_status == "abandoned"


@pytest.mark.django_db(transaction=True)
def test_a_job_runs_once_even_if_its_message_comes_twice_and_the_sweep_knows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In this process: the second nudge finds the job claimed (finished) and does nothing;
    the beat sweeps import jobs like exports and audits (common/jobs.py)."""
    _no_worker(monkeypatch)
    club = make_club()
    job = import_start(club=club, name="x", transcript=_sitting(deals=3), prefer_async=True)
    assert isinstance(job, ImportJob)
    first = import_job_run(job_id=job.id)
    second = import_job_run(job_id=job.id)
    assert (first.status, second.status, second.attempts) == ("succeeded", "succeeded", 1)
    assert Table.objects.filter(club=club).count() == 1
    assert settings.CELERY_BEAT_SCHEDULE["games.imports_sweep"]["task"] == "games.imports_sweep"


@pytest.mark.django_db(transaction=True)
def test_the_sweep_that_fails_a_lost_job_abandons_the_table_it_left_importing() -> None:
    """Its worker died midway every time: the table would stay `importing`, and the log's
    followers would hold the club back at its first event for good."""
    from datetime import timedelta

    from django.utils import timezone

    from games.tasks import imports_sweep_task

    club = make_club()
    stale = Table.objects.create(
        id=uuid.uuid4(),
        club=club,
        name="z",
        variant="louisiana",
        options={},
        players=["p1", "p2", "p3", "p4"],
        created_at=timezone.now(),
        import_status=IMPORTING,
    )
    # Made here, not by `import_start`: no message, so no worker of the session runs it.
    job = ImportJob.objects.create(
        club=club, name="z", transcript={}, context={}, items=400, table_id=stale.id
    )
    long_ago = timezone.now() - timedelta(days=2)
    ImportJob.objects.filter(id=job.id).update(status="running", attempts=99, updated_at=long_ago)
    imports_sweep_task()
    assert ImportJob.objects.get(id=job.id).status == "failed"
    stale.refresh_from_db()
    assert stale.import_status == "abandoned"


def _refused_in_request(club: Any, transcript: dict[str, Any], language: str) -> str:
    """The message the request itself gives (imported there, not as a job) in `language`."""
    with translation.override(language), pytest.raises(TranscriptRejected) as refused:
        import_start(club=club, name="x", transcript=transcript)
    with translation.override(language):
        return refused.value.rejection.message


@pytest.mark.django_db(transaction=True)
def test_a_refusal_found_by_the_worker_is_kept_to_be_said_in_any_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker runs in the site's language and words nothing: the job keeps the refusal
    as data, and it says what the request's 422 would have said, in the reader's language
    (tests/imports/test_import_refusal_words.py reads it through the API)."""
    _no_worker(monkeypatch)
    club = make_club()
    broken = _out_of_turn(_sitting(deals=12), deal=5)
    with translation.override("fr"):
        job = import_start(club=club, name="x", transcript=broken, prefer_async=True)
    assert isinstance(job, ImportJob)
    failed = import_job_run(job_id=job.id)  # as a worker runs it: no request's language
    assert failed.status == "failed"
    assert failed.problem is not None
    assert (failed.problem["deal"], failed.problem["action"]) == (5, 0)
    assert "message" not in failed.problem
    for language in ("fr", "uk", "en"):
        with translation.override(language):
            said = refusal_said(failed.problem)
        assert said["message"] == _refused_in_request(club, broken, language)
    assert failed.error == _refused_in_request(club, broken, "en")  # for the logs
