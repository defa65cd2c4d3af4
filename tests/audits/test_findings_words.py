"""A stored audit run is read in the reader's language: what it found is kept as data (a
code and its values) and said when read. It was stored as the worker's English sentences,
and a French or Ukrainian auditor read English the next morning. Runs stored before still
read, and the migration turns what it can of their English into data."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps

from audits.models import AuditRun
from audits.services import audit_run
from tests.audits.helpers import sitting_table, stream_events, tampered_event
from tests.clubs.helpers import client_for, make_club, make_key


def read(run: AuditRun, language: str) -> dict[str, Any]:
    operator = client_for(make_key(make_club(), "operator")[1])
    response = operator.get(f"/api/v1/audits/{run.id}", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.json()


def first_difference(body: dict[str, Any], table_id: str) -> dict[str, Any]:
    [entry] = [d for d in body["ledger"]["differences"] if d["table_id"] == table_id]
    return entry["first_difference"]


@pytest.mark.django_db(transaction=True)
def test_a_run_is_said_in_the_language_of_whoever_reads_it(superuser_dsn: str) -> None:
    club = make_club()
    table = sitting_table(club, seed=61)
    won = next(e for e in stream_events(table) if e.data.get("kind") == "pot_won")
    [posting] = won.data["postings"]
    unbalanced = {"postings": [{**posting, "legs": [*posting["legs"], ["pot", 1]]}]}

    with tampered_event(superuser_dsn, won, unbalanced):
        run = audit_run()

    assert (run.broken_code, run.broken_club) == ("hash_mismatch", str(club.id))
    said = {language: read(run, language) for language in ("en", "fr", "uk")}
    chains = {language: body["chain"] for language, body in said.items()}
    assert {(c["code"], c["club"]) for c in chains.values()} == {("hash_mismatch", str(club.id))}
    assert chains["en"]["reason"] == f"club {club.id}: an event's content does not match its hash"
    assert chains["fr"]["reason"] == (
        f"club {club.id}\u00a0: le contenu d'un événement ne correspond pas à son hachage"
    )
    assert chains["uk"]["reason"] == f"клуб {club.id}: вміст події не відповідає її гешу"

    found = {language: first_difference(body, str(table.id)) for language, body in said.items()}
    assert {(f["problem"], f["code"]) for f in found.values()} == {
        ("unbookable", "posting_unbalanced")
    }
    assert found["fr"]["params"] == {"position": won.position, "posting": 0, "kind": "pot_won"}
    assert found["en"]["message"] == (
        f"event {won.position}: the first posting (pot won) does not sum to zero"
    )
    assert found["fr"]["message"] == (
        f"événement {won.position}\u00a0: la première écriture (pot gagné) ne s'équilibre pas "
        "(sa somme n'est pas nulle)"
    )
    assert found["uk"]["message"] == (
        f"подія {won.position}: перша проводка (виграний банк) не зводиться до нуля"
    )


def old_run(club_id: str) -> AuditRun:
    """A run as it was stored before its findings were data: English sentences only."""
    unbalanced = {
        "problem": "unbookable",
        "message": "event 518: posting 1 (carry) does not sum to zero",
    }
    not_whole = {"problem": "unbookable", "message": "event 9: posting 0 has a non-integer amount"}
    return AuditRun.objects.create(
        trigger="nightly",
        status="succeeded",
        chain_ok=False,
        first_broken_position=42,
        broken_reason=f"club {club_id}: prev_hash does not link",
        ledger_ok=False,
        ok=False,
        ledger_differences=[
            {"table_id": "t1", "club_id": club_id, "stream": "table-t1",
             "first_difference": unbalanced, "differences": [unbalanced]},
            {"table_id": "t2", "club_id": club_id, "stream": "table-t2",
             "first_difference": not_whole, "differences": [not_whole]},
        ],
    )  # fmt: skip


@pytest.mark.django_db
def test_a_run_stored_before_still_reads_as_it_was_stored() -> None:
    club_id = str(make_club().id)
    body = read(old_run(club_id), "fr")
    assert body["chain"]["code"] is None
    assert body["chain"]["reason"] == f"club {club_id}: prev_hash does not link"
    assert first_difference(body, "t1")["message"] == (
        "event 518: posting 1 (carry) does not sum to zero"
    )


@pytest.mark.django_db
def test_the_migration_turns_an_old_runs_english_into_data() -> None:
    club_id = str(make_club().id)
    run = old_run(club_id)
    findings_migration = importlib.import_module("audits.migrations.0005_findings_as_data")

    findings_migration.findings_as_data(apps, None)
    findings_migration.findings_as_data(apps, None)  # again: nothing changes

    run.refresh_from_db()
    assert (run.broken_code, run.broken_club) == ("prev_hash_mismatch", club_id)
    assert run.broken_reason == f"club {club_id}: prev_hash does not link"  # kept
    body = read(run, "uk")
    assert body["chain"]["code"] == "prev_hash_mismatch"
    assert body["chain"]["reason"] == f"клуб {club_id}: подія не посилається на геш попередньої"
    unbalanced = first_difference(body, "t1")
    assert (unbalanced["code"], unbalanced["params"]) == (
        "posting_unbalanced",
        {"position": 518, "posting": 1, "kind": "carry"},
    )
    assert unbalanced["message"] == "подія 518: друга проводка (перенесення) не зводиться до нуля"
    # Said without the posting's kind, it cannot be said as now: it stays as stored.
    assert first_difference(body, "t2") == {
        "problem": "unbookable",
        "message": "event 9: posting 0 has a non-integer amount",
    }
