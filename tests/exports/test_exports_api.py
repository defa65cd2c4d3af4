"""`/api/v1/exports`: hand histories and ledgers built by a real worker, then downloaded."""

from __future__ import annotations

import csv
import io
import json
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.models import Club
from clubs.nights import night_of
from exports.models import ExportJob
from games.engine.transcript import rule_transcript
from tests.audits.helpers import sitting_table
from tests.clubs.helpers import client_for, make_club, make_key


def key_client(club: Club, role: str) -> APIClient:
    return client_for(make_key(club, role)[1])


def wait_until_ready(client: APIClient, job_id: str, timeout: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body = client.get(f"/api/v1/exports/{job_id}").json()
        if body["status"] in ("succeeded", "failed"):
            assert body["status"] == "succeeded", body["error"]
            return body
        assert time.monotonic() < deadline, f"the export is still {body['status']}"
        time.sleep(0.2)


def download(client: APIClient, job: dict[str, Any]) -> Any:
    response = client.get(job["download_url"])
    assert response.status_code == 200
    return response, b"".join(response.streaming_content)


@pytest.mark.django_db
def test_what_cannot_be_exported_is_refused() -> None:
    club = make_club()
    client = key_client(club, "auditor")
    response = client.post(
        "/api/v1/exports", {"kind": "transcripts", "format": "csv"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "format"
    other_table = sitting_table(make_club(), seed=31, deals=1)
    response = client.post(
        "/api/v1/exports", {"kind": "ledger", "table": str(other_table.id)}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "table"
    response = client.post(
        "/api/v1/exports",
        {"kind": "ledger", "from": "2026-02-02", "to": "2026-02-01"},
        format="json",
    )
    assert response.status_code == 400
    # A misspelt range is refused, not an export of the whole log.
    response = client.post(
        "/api/v1/exports", {"kind": "ledger", "since": "2026-02-01"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "since"
    assert (
        client_for(None).post("/api/v1/exports", {"kind": "ledger"}, format="json").status_code
        == 401
    )


@pytest.mark.django_db
def test_a_job_not_ready_is_409_and_another_clubs_job_is_404() -> None:
    club = make_club()
    job = ExportJob.objects.create(club=club, kind="ledger", format="csv")
    client = key_client(club, "scorekeeper")
    body = client.get(f"/api/v1/exports/{job.id}").json()
    assert body["status"] == "queued"
    assert body["download_url"] is None
    response = client.get(f"/api/v1/exports/{job.id}/download")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "export_not_ready"

    outsider = key_client(make_club(), "admin")
    assert outsider.get(f"/api/v1/exports/{job.id}").status_code == 404
    assert outsider.get(f"/api/v1/exports/{job.id}/download").status_code == 404
    assert client.get(f"/api/v1/exports/{uuid.uuid4()}").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_hand_histories_of_a_club_are_built_by_a_worker_and_downloadable(
    worker: Any,
) -> None:
    club = make_club()
    tables = [sitting_table(club, seed=32, deals=2), sitting_table(club, seed=33, deals=3)]
    sitting_table(make_club(), seed=34, deals=1)  # another club's: never in this export
    client = key_client(club, "auditor")

    response = client.post("/api/v1/exports", {"kind": "transcripts"}, format="json")
    assert response.status_code == 202
    job = wait_until_ready(client, response.json()["id"])
    assert job["tables"] == 2
    assert job["content_type"] == "application/json"
    http, content = download(client, job)
    assert http["Content-Type"] == "application/json"
    assert "attachment" in http["Content-Disposition"]
    doc = json.loads(content)
    assert doc["format"] == "bourre-transcript-export/1"
    assert [item["table"]["id"] for item in doc["transcripts"]] == [str(t.id) for t in tables]
    for item, table in zip(doc["transcripts"], tables, strict=True):
        # The same document the games API answers, and one the referee rules on as is.
        api = client.get(f"/api/v1/tables/{table.id}/transcript").json()
        assert item["transcript"] == api
        assert item["transcript"]["format"] == "bourre-transcript/1"
        assert rule_transcript(item["transcript"])["format"] == "bourre-ruling/1"

    # A date range selects the tables with events recorded in it.
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    response = client.post(
        "/api/v1/exports",
        {"kind": "transcripts", "table": str(tables[0].id), "from": tomorrow},
        format="json",
    )
    later = wait_until_ready(client, response.json()["id"])
    assert later["tables"] == 0
    assert json.loads(download(client, later)[1])["transcripts"] == []


@pytest.mark.django_db(transaction=True)
def test_ledgers_as_csv_and_json_agree_with_the_referee(worker: Any) -> None:
    club = make_club()
    tables = [sitting_table(club, seed=35, deals=4), sitting_table(club, seed=36, deals=2)]
    client = key_client(club, "scorekeeper")
    rulings = {
        str(t.id): rule_transcript(client.get(f"/api/v1/tables/{t.id}/transcript").json())
        for t in tables
    }

    response = client.post("/api/v1/exports", {"kind": "ledger", "format": "csv"}, format="json")
    assert response.status_code == 202
    job = wait_until_ready(client, response.json()["id"])
    http, content = download(client, job)
    assert http["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8"))))
    assert {row["table_id"] for row in rows} == set(rulings)
    for table_id, ruling in rulings.items():
        totals: dict[str, int] = {}
        for row in rows:
            if row["table_id"] == table_id and not row["voided_by"]:
                totals[row["account"]] = totals.get(row["account"], 0) + int(row["amount"])
        players = {a.removeprefix("player:"): v for a, v in totals.items() if a != "pot"}
        assert {p: v for p, v in ruling["balances"].items() if v} == {
            p: v for p, v in players.items() if v
        }
        assert totals.get("pot", 0) == ruling["pot"]

    # The club night of the table's last leg, from what was recorded (not the clock, which
    # may have passed midnight since; a night runs until 06:00, so a leg logged at 01:00
    # belongs to the night before): a range of that night keeps exactly that night's legs,
    # and the balances are as of that last leg.
    first_rows = [r for r in rows if r["table_id"] == str(tables[0].id)]

    def night(row: dict[str, str]) -> str:
        recorded = datetime.fromisoformat(row["recorded_at"].replace("Z", "+00:00"))
        return night_of(recorded, club.time_zone).isoformat()

    day = night(max(first_rows, key=lambda r: r["recorded_at"]))
    that_day = [r for r in first_rows if night(r) == day]
    response = client.post(
        "/api/v1/exports",
        {
            "kind": "ledger",
            "format": "json",
            "table": str(tables[0].id),
            "from": day,
            "to": day,
        },
        format="json",
    )
    job = wait_until_ready(client, response.json()["id"])
    doc = json.loads(download(client, job)[1])
    assert doc["format"] == "bourre-ledger-export/1"
    [item] = doc["tables"]
    ruling = rulings[str(tables[0].id)]
    assert item["table"]["id"] == str(tables[0].id)
    assert item["balances"] == ruling["balances"]
    assert item["pot"] == ruling["pot"]
    assert item["postings"]
    assert all(night(p) == day for p in item["postings"])
    assert len(item["postings"]) == len(that_day)
