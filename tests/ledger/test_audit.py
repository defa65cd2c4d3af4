"""The audit finds a tampered event (the chain) and a tampered ledger row (the comparison)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest

from eventlog import RecordedEvent
from ledger.audit import ledger_audit, ledger_differences
from ledger.models import LedgerTable, PostingLeg
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import events_of, import_case

NAME = "louisiana-02-tie-bourre-lone"


@contextmanager
def rewritten_payload(dsn: str, event: RecordedEvent, data: dict[str, Any]) -> Iterator[None]:
    """What someone with superuser rights could do: switch the guard off, edit, switch it
    back on; the original bytes are put back on exit."""
    guard = "eventstore_event_no_update_delete"

    def write(value: Any) -> None:
        with psycopg.connect(dsn) as conn, conn.transaction():
            # Citus asks for it to touch a distributed table's triggers (a placeholder without).
            conn.execute("SET LOCAL citus.enable_unsafe_triggers = on")
            conn.execute(f"ALTER TABLE eventstore_event DISABLE TRIGGER {guard}")
            conn.execute(
                "UPDATE eventstore_event SET data = %s::jsonb WHERE club_id = %s AND position = %s",
                [value, event.club, event.position],
            )
            conn.execute(f"ALTER TABLE eventstore_event ENABLE TRIGGER {guard}")

    with psycopg.connect(dsn) as conn:
        original = conn.execute(
            "SELECT data::text FROM eventstore_event WHERE club_id = %s AND position = %s",
            [event.club, event.position],
        ).fetchone()[0]
    write(psycopg.types.json.Jsonb(data))
    try:
        yield
    finally:
        write(original)


@pytest.mark.django_db(transaction=True)
def test_a_rewritten_ruling_breaks_the_chain_and_the_ledger_comparison(superuser_dsn):
    table_id = import_case(make_club(), NAME)
    assert ledger_audit(table_id=table_id)["ok"]
    won = next(e for e in events_of(table_id) if e.data.get("kind") == "pot_won")
    forged = {**won.data, "postings": [{"kind": "pot_won", "legs": [["pot", -2], ["player:a", 2]]}]}

    with rewritten_payload(superuser_dsn, won, forged):
        report = ledger_audit(table_id=table_id)

    assert report["ok"] is False
    assert report["chain"]["ok"] is False
    assert report["chain"]["first_broken"] == won.position
    assert report["chain"]["code"] == "hash_mismatch"
    assert report["chain"]["reason"] == "an event's content does not match its hash"
    found = {
        (d["problem"], d.get("position"), d.get("leg"), d.get("field"), d.get("expected"))
        for d in report["ledger"]["differences"]
    }
    assert ("different", won.position, 0, "amount", -2) in found
    assert ("different", won.position, 1, "account", "player:a") in found
    assert ("different", None, None, "pot", 10) in found
    assert ledger_audit(table_id=table_id)["ok"]


@pytest.mark.django_db
def test_a_changed_amount_is_listed_with_both_values(club):
    table_id = import_case(club, NAME)
    leg = PostingLeg.objects.filter(table_id=table_id, kind="penalty").first()
    PostingLeg.objects.filter(pk=leg.pk).update(amount=leg.amount - 1)

    report = ledger_audit(table_id=table_id)

    assert report["chain"]["ok"] is True
    assert report["ok"] is False
    assert report["ledger"]["differences"] == [
        {
            "problem": "different",
            "position": leg.position,
            "transaction": leg.transaction,
            "leg": leg.leg,
            "field": "amount",
            "expected": leg.amount,
            "stored": leg.amount - 1,
        }
    ]


@pytest.mark.django_db
def test_missing_and_extra_rows_and_a_wrong_pot_are_all_listed(club):
    table_id = import_case(club, NAME)
    first = PostingLeg.objects.filter(table_id=table_id).first()
    PostingLeg.objects.filter(pk=first.pk).delete()
    first.pk = None
    first.position = 10**12
    first.save()
    LedgerTable.objects.filter(table_id=table_id).update(pot=99)

    problems = [
        (d["problem"], d.get("field"), d.get("position"))
        for d in ledger_differences(table_id=table_id)
    ]

    assert ("different", "pot", None) in problems
    assert ("extra", None, 10**12) in problems
    assert any(p == "missing" for p, _, _ in problems)


@pytest.mark.django_db
def test_an_unknown_table_audits_clean_and_empty(table_id):
    report = ledger_audit(table_id=table_id)
    assert report["ok"] is True
    assert report["chain"]["events"] == 0
    assert report["ledger"]["postings"] == 0


@pytest.mark.django_db(transaction=True)
def test_a_log_that_cannot_be_booked_is_said_in_the_readers_language(superuser_dsn):
    """The `unbookable` difference's message follows Accept-Language like every message
    of the API (it was the English sentence whatever the language)."""
    club = make_club()
    table_id = import_case(club, NAME)
    won = next(e for e in events_of(table_id) if e.data.get("kind") == "pot_won")
    forged = {**won.data, "postings": [{"kind": "pot_won", "legs": [["pot", -2], ["player:a", 3]]}]}
    reader = client_for(make_key(club, "auditor")[1])

    with rewritten_payload(superuser_dsn, won, forged):
        said = {
            language: reader.get(
                f"/api/v1/tables/{table_id}/audit", HTTP_ACCEPT_LANGUAGE=language
            ).json()["ledger"]["differences"]
            for language in ("en", "fr", "uk")
        }

    assert said["en"] == [
        {
            "problem": "unbookable",
            "code": "posting_unbalanced",
            "params": {"position": won.position, "posting": 0, "kind": "pot_won"},
            "message": f"event {won.position}: the first posting (pot won) does not sum to zero",
        }
    ]
    assert said["fr"][0]["code"] == "posting_unbalanced"
    assert said["fr"][0]["message"] == (
        f"événement {won.position}\u00a0: la première écriture (pot gagné) ne s'équilibre "
        "pas (sa somme n'est pas nulle)"
    )
    assert said["uk"][0]["message"] == (
        f"подія {won.position}: перша проводка (виграний банк) не зводиться до нуля"
    )


@pytest.mark.django_db(transaction=True)
def test_a_broken_chain_is_a_code_and_words_in_the_readers_language(superuser_dsn):
    """The chain's `reason` was verify_chain's English whatever Accept-Language said; now
    `code` is for scripts and `reason` for people, in the request's language."""
    club = make_club()
    table_id = import_case(club, NAME)
    won = next(e for e in events_of(table_id) if e.data.get("kind") == "pot_won")
    reader = client_for(make_key(club, "auditor")[1])

    with rewritten_payload(superuser_dsn, won, {**won.data, "deal": 7}):
        chains = {
            language: reader.get(
                f"/api/v1/tables/{table_id}/audit", HTTP_ACCEPT_LANGUAGE=language
            ).json()["chain"]
            for language in ("en", "fr", "uk")
        }

    assert {chain["code"] for chain in chains.values()} == {"hash_mismatch"}
    assert {chain["first_broken"] for chain in chains.values()} == {won.position}
    assert chains["en"]["reason"] == "an event's content does not match its hash"
    assert chains["fr"]["reason"] == "le contenu d'un événement ne correspond pas à son hachage"
    assert chains["uk"]["reason"] == "вміст події не відповідає її гешу"
