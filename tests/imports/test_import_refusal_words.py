"""An import job's refusal is read in the reader's language, not the poster's: the job keeps
the refusal as data (its code, where it is, the values its sentence needs) and the sentence
is said when the job is read. It was stored as the sentence in the language of the request
that posted it, so an auditor reading the job in Ukrainian read the poster's French. Jobs
stored before still read: their sentence as it was stored (`import_failed`, by its code),
and the migration lets go of what it can say anew."""

from __future__ import annotations

import copy
import importlib
import json
import random
import time
import uuid
from typing import Any

import pytest
from django.apps import apps
from django.utils import timezone, translation
from rest_framework.test import APIClient

from games.engine import Rejection
from games.engine.errors import Phrase, gettext_noop
from games.engine.simulate import random_sitting
from games.models import ImportJob
from games.services.import_refusals import refusal_kept, refusal_said
from tests.clubs.helpers import client_for, make_club, make_key

IMPORT = "/api/v1/tables/import"
LANGUAGES = ("fr", "uk", "en")
#: What a machine reads of a refusal: the same in every language, and the job's as the 422's.
MACHINE = ("code", "field", "expected_player", "deal", "action")


def _out_of_turn(deals: int, deal: int) -> dict[str, Any]:
    """A sitting whose deal `deal` opens with a play by the wrong player."""
    sitting = random_sitting(random.Random(8), "louisiana", 4, deals=deals).transcript
    broken = copy.deepcopy(sitting)
    first = broken["deals"][deal]["actions"][0]
    first["player"] = next(p for p in broken["players"] if p != first["player"])
    return broken


def _without_request_id(error: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in error.items() if k != "request_id"}


def _refusals(api: APIClient, body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The 422 an import in the request answers, in each language."""
    said = {}
    for language in LANGUAGES:
        answer = api.post(IMPORT, body, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 422, answer.json()
        assert answer["Content-Language"] == language
        said[language] = _without_request_id(answer.json()["error"])
    assert len({refusal["message"] for refusal in said.values()}) == 3  # three languages
    return said


def _read(reader: APIClient, url: str, language: str, timeout: float = 120) -> dict[str, Any]:
    """The job once finished, read in `language`."""
    deadline = time.monotonic() + timeout
    while True:
        answer = reader.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 200, answer.json()
        job: dict[str, Any] = answer.json()
        if job["status"] in ("succeeded", "failed"):
            assert answer["Content-Language"] == language
            return job
        assert time.monotonic() < deadline, f"the import is still {job['status']}"
        time.sleep(0.2)


def _assert_said_as_the_422(job: dict[str, Any], refusal: dict[str, Any]) -> None:
    assert job["status"] == "failed"
    error = job["error"]
    assert error["message"] == refusal["message"]
    assert {k: error.get(k) for k in MACHINE} == {k: refusal.get(k) for k in MACHINE}


@pytest.mark.django_db(transaction=True)
def test_a_refusal_found_by_the_worker_reads_in_the_reader_s_language(worker: Any) -> None:
    club = make_club()
    poster = client_for(make_key(club, "scorekeeper")[1])
    auditor = client_for(make_key(club, "auditor")[1])
    body = {"name": "Friday", "transcript": _out_of_turn(deals=3, deal=2)}
    refusals = _refusals(poster, body)
    assert (refusals["en"]["code"], refusals["en"]["deal"], refusals["en"]["action"]) == (
        "out_of_turn",
        2,
        0,
    )
    assert refusals["en"]["expected_player"]

    posted = poster.post(
        IMPORT, body, format="json", HTTP_PREFER="respond-async", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert posted.status_code == 202, posted.json()
    url = posted["Location"]
    for language in ("uk", "en", "fr"):  # the poster's language last: nothing favours it
        _assert_said_as_the_422(_read(auditor, url, language), refusals[language])

    # Kept as data: no sentence in the poster's language; the English for the logs.
    stored = ImportJob.objects.get(id=posted.json()["id"])
    assert "message" not in stored.problem
    assert stored.error == refusals["en"]["message"]


@pytest.mark.django_db
def test_a_keyed_import_refused_in_the_request_keeps_its_job_in_every_language() -> None:
    """A short transcript with an `Idempotency-Key` is run in the request, its job the key's
    record: the request's 422 is in its own language, the job read later in the reader's."""
    club = make_club()
    poster = client_for(make_key(club, "scorekeeper")[1])
    auditor = client_for(make_key(club, "auditor")[1])
    body = {"name": "Friday", "transcript": _out_of_turn(deals=3, deal=1)}
    refusals = _refusals(poster, body)

    answer = poster.post(
        IMPORT, body, format="json", HTTP_IDEMPOTENCY_KEY="k-fr", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert answer.status_code == 422
    # The request's 422, as it was (but for its own request id).
    assert _without_request_id(answer.json()["error"]) == refusals["fr"]
    (job,) = ImportJob.objects.filter(club=club)
    url = f"/api/v1/tables/imports/{job.id}"
    for language in ("uk", "en", "fr"):
        _assert_said_as_the_422(_read(auditor, url, language), refusals[language])


@pytest.mark.django_db
def test_a_failed_job_whose_transcript_was_not_at_fault_says_so_in_the_reader_s_language() -> None:
    """Lost by its worker (the sweep failed it: no refusal, only the operators' English)."""
    club = make_club()
    auditor = client_for(make_key(club, "auditor")[1])
    job = _failed_job(club, items=400, error="lost: the worker stopped 3 times without finishing")
    url = f"/api/v1/tables/imports/{job.id}"
    said = {language: _read(auditor, url, language)["error"] for language in LANGUAGES}
    assert {error["code"] for error in said.values()} == {"import_failed"}
    assert said["en"]["message"] == "the import could not be written; post the transcript again"
    assert said["fr"]["message"] != said["en"]["message"]
    assert said["uk"]["message"] not in (said["en"]["message"], said["fr"]["message"])


def _failed_job(club: Any, *, items: int, error: str, **fields: Any) -> ImportJob:
    return ImportJob.objects.create(
        club=club,
        name="old",
        transcript={},
        items=items,
        status="failed",
        finished_at=timezone.now(),
        error=error,
        **fields,
    )


def _old_jobs(club: Any) -> tuple[ImportJob, ImportJob]:
    """Jobs as they were stored before their refusal was data: the poster's sentence."""

    def failed(problem: dict[str, Any], error: str) -> ImportJob:
        return _failed_job(club, items=80, error=error, table_id=uuid.uuid4(), problem=problem)

    refused = {
        "code": "out_of_turn",
        "message": "ce n'est pas le tour de Ana : c'est celui de Bo",
        "deal": 2,
        "action": 0,
    }
    lost = {"code": "import_failed", "message": "l'import n'a pas pu être écrit"}
    return failed(refused, refused["message"]), failed(lost, "OperationalError: gone")


def _read_error(reader: APIClient, job: ImportJob, language: str) -> dict[str, Any]:
    error: dict[str, Any] = _read(reader, f"/api/v1/tables/imports/{job.id}", language)["error"]
    return error


@pytest.mark.django_db
def test_a_job_stored_before_still_reads_as_it_was_stored() -> None:
    club = make_club()
    auditor = client_for(make_key(club, "auditor")[1])
    refused, lost = _old_jobs(club)
    assert _read_error(auditor, refused, "uk") == {
        "code": "out_of_turn",
        "message": "ce n'est pas le tour de Ana : c'est celui de Bo",
        "deal": 2,
        "action": 0,
    }
    # `import_failed` says the same whatever the row: said by its code.
    assert _read_error(auditor, lost, "en") == {
        "code": "import_failed",
        "message": "the import could not be written; post the transcript again",
    }


@pytest.mark.django_db
def test_the_migration_lets_go_of_what_it_can_say_anew_and_back_restores_it() -> None:
    club = make_club()
    auditor = client_for(make_key(club, "auditor")[1])
    refused, lost = _old_jobs(club)
    migration = importlib.import_module("games.migrations.0022_import_refusals_as_data")

    migration.refusals_as_data(apps, None)
    migration.refusals_as_data(apps, None)  # again: nothing changes

    lost.refresh_from_db()
    assert lost.problem == {"code": "import_failed"}
    assert lost.error == "OperationalError: gone"  # the operators' record, kept
    before = refused.problem
    refused.refresh_from_db()
    assert refused.problem == before  # no code to say it by: its sentence stays
    assert _read_error(auditor, lost, "en")["message"] == (
        "the import could not be written; post the transcript again"
    )

    # Back: the earlier code reads a `message` in every refusal (the English kept in `error`).
    poster = client_for(make_key(club, "scorekeeper")[1])
    body = {"name": "Friday", "transcript": _out_of_turn(deals=3, deal=1)}
    poster.post(IMPORT, body, format="json", HTTP_IDEMPOTENCY_KEY="k-back")
    new = ImportJob.objects.get(club=club, idempotency_key="k-back")
    migration.refusals_as_words(apps, None)
    new.refresh_from_db()
    lost.refresh_from_db()
    assert new.problem["message"] == new.error
    assert new.problem["code"] == "out_of_turn"
    assert lost.problem["message"] == "the import could not be written; post the transcript again"
    refused.refresh_from_db()
    assert refused.problem == before


def test_a_refusal_whose_values_are_sentences_is_said_whole_in_each_language() -> None:
    """A `Phrase` value (why a deal in progress refuses) is translated with the message;
    a name or a card is not. Kept through JSON, as the job's row keeps it."""
    refusal = Rejection(
        "deal_in_progress",
        gettext_noop("deal %(deal)d is in progress: %(why)s"),
        deal=2,
        params={"deal": 3, "why": Phrase(gettext_noop("players join only between deals"))},
    )
    kept = json.loads(json.dumps(refusal_kept(refusal, action=4)))
    said = {}
    for language in LANGUAGES:
        with translation.override(language):
            said[language] = refusal_said(kept)
            assert said[language]["message"] == refusal.message
    assert len({s["message"] for s in said.values()}) == 3
    assert {(s["code"], s["deal"], s["action"]) for s in said.values()} == {
        ("deal_in_progress", 2, 4)
    }
