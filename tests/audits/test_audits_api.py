"""`/api/v1/audits`: who may ask, what each club sees, and a run through a real worker."""

from __future__ import annotations

import time
from typing import Any

import pytest
from rest_framework.test import APIClient

from audits.models import AuditRun
from clubs.models import Club
from tests.audits.helpers import (
    sitting_table,
    stream_events,
    tamper_ledger_leg,
    tampered_event,
)
from tests.clubs.helpers import client_for, make_club, make_key


def key_client(club: Club, role: str) -> APIClient:
    return client_for(make_key(club, role)[1])


def wait_for_audit(client: APIClient, url: str, timeout: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body = client.get(url).json()
        if body["status"] in ("succeeded", "failed"):
            return body
        assert time.monotonic() < deadline, f"the audit is still {body['status']}"
        time.sleep(0.2)


@pytest.mark.django_db
def test_requesting_needs_an_auditor_or_admin_key() -> None:
    club = make_club()
    assert key_client(club, "scorekeeper").post("/api/v1/audits").status_code == 403
    assert client_for(None).post("/api/v1/audits").status_code == 401
    assert client_for(None).get("/api/v1/audits").status_code == 401


@pytest.mark.django_db
def test_an_unknown_run_is_404() -> None:
    client = key_client(make_club(), "auditor")
    response = client.get("/api/v1/audits/00000000-0000-0000-0000-000000000000")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.django_db
def test_a_club_sees_only_its_own_tables_and_never_the_shared_chain() -> None:
    mine, theirs = make_club(), make_club()
    run = AuditRun.objects.create(
        trigger="nightly",
        status="succeeded",
        head_position=10,
        checked_events=10,
        chain_ok=True,
        ledger_ok=False,
        ok=False,
        tables_checked=3,
        tables_by_club={str(mine.id): 1, str(theirs.id): 2},
        ledger_differences=[
            {
                "table_id": "t-theirs",
                "club_id": str(theirs.id),
                "stream": "table-t-theirs",
                "first_difference": {"problem": "different", "position": 3, "field": "amount"},
                "differences": [{"problem": "different", "position": 3, "field": "amount"}],
            }
        ],
    )
    mine_view = key_client(mine, "auditor").get(f"/api/v1/audits/{run.id}").json()
    assert mine_view["chain"] is None  # the log's size and state are the operator's
    assert mine_view["ledger"] == {"ok": True, "tables_checked": 1, "differences": []}
    assert mine_view["ok"] is True

    their_view = key_client(theirs, "scorekeeper").get(f"/api/v1/audits/{run.id}").json()
    assert their_view["ok"] is False
    assert their_view["ledger"]["tables_checked"] == 2
    assert their_view["ledger"]["differences"][0]["first_difference"]["position"] == 3

    listed = key_client(mine, "admin").get("/api/v1/audits").json()["audits"]
    assert any(item["id"] == str(run.id) for item in listed)

    operator = key_client(make_club(), "operator").get(f"/api/v1/audits/{run.id}").json()
    assert operator["chain"]["head_position"] == 10
    assert operator["ledger"]["tables_checked"] == 3
    assert operator["ok"] is False


@pytest.mark.django_db
def test_a_clubs_own_audit_is_invisible_to_other_clubs() -> None:
    mine, theirs = make_club(), make_club()
    run = AuditRun.objects.create(trigger="api", status="queued", club_id=str(mine.id))
    assert key_client(mine, "auditor").get(f"/api/v1/audits/{run.id}").status_code == 200
    assert key_client(theirs, "auditor").get(f"/api/v1/audits/{run.id}").status_code == 404
    listed = key_client(theirs, "auditor").get("/api/v1/audits").json()["audits"]
    assert all(item["id"] != str(run.id) for item in listed)


@pytest.mark.django_db(transaction=True)
def test_an_audit_requested_over_the_api_runs_on_a_worker_and_names_a_tampered_event(
    worker: Any, superuser_dsn: str
) -> None:
    club = make_club()
    auditor = key_client(club, "operator")  # the whole log's chain is the operator's
    events = stream_events(sitting_table(club, seed=21))

    response = auditor.post("/api/v1/audits")
    assert response.status_code == 202
    assert response["Location"] == response.json()["url"]
    clean = wait_for_audit(auditor, response.json()["url"])
    assert clean["status"] == "succeeded", clean["error"]
    assert clean["chain"]["ok"] is True
    assert clean["chain"]["checked_events"] >= events[-1].position
    assert clean["ledger"]["tables_checked"] >= 1  # every table of the log

    target = next(e for e in events if e.type == "PlayerDeclared")
    with tampered_event(superuser_dsn, target, {"declare": "pass"}):
        response = key_client(club, "operator").post("/api/v1/audits")
        assert response.status_code == 202
        broken = wait_for_audit(auditor, response.json()["url"])
    assert broken["status"] == "succeeded"
    assert broken["ok"] is False
    assert broken["chain"]["ok"] is False
    assert broken["chain"]["first_broken_position"] == target.position
    assert (broken["chain"]["code"], broken["chain"]["club"]) == ("hash_mismatch", str(club.id))
    assert (
        broken["chain"]["reason"] == f"club {club.id}: an event's content does not match its hash"
    )


@pytest.mark.django_db(transaction=True)
def test_a_tampered_ledger_row_is_named_to_its_club_only(worker: Any, owner_dsn: str) -> None:
    club, other = make_club(), make_club()
    table = sitting_table(club, seed=22)
    sitting_table(club, seed=23)  # untouched: never reported
    leg = tamper_ledger_leg(owner_dsn, table_id=str(table.id), add=3)

    response = key_client(club, "auditor").post("/api/v1/audits")
    assert response.status_code == 202
    mine = wait_for_audit(key_client(club, "auditor"), response.json()["url"])
    assert mine["status"] == "succeeded"
    assert mine["ok"] is False
    assert mine["ledger"]["ok"] is False
    assert mine["ledger"]["tables_checked"] == 2
    assert [d["table_id"] for d in mine["ledger"]["differences"]] == [str(table.id)]
    first = mine["ledger"]["differences"][0]["first_difference"]
    assert first["problem"] == "different"
    assert first["field"] == "amount"
    assert (first["position"], first["transaction"], first["leg"]) == leg["key"]
    assert first["expected"] == leg["amount"]
    assert first["stored"] == leg["amount"] + 3

    assert mine["scope"] == "club"
    assert mine["chain"] is None
    # The run was the club's own: another club cannot even see it exists.
    assert key_client(other, "auditor").get(response.json()["url"]).status_code == 404
