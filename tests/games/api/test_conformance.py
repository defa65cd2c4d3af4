"""Every conformance transcript, driven through the events endpoint one event per request
and again as one batch, gives exactly the conformance ruling from GET /ruling. A sitting
whose seats change is told as joins and leaves between deals, a closed one ends with a
close (tests/games/api/sittings.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conformance.reasons import answers
from tests.games.api.conftest import post_events
from tests.games.api.sittings import api_events, first_seats

CASES = sorted((Path(__file__).resolve().parents[2] / "conformance" / "cases").glob("*.json"))

pytestmark = pytest.mark.django_db


def _create(client: APIClient, transcript: dict[str, Any]) -> dict[str, Any]:
    body = {
        "name": "conformance",
        "variant": transcript["variant"],
        "players": first_seats(transcript),
        "options": transcript.get("options", {}),
    }
    response = client.post("/api/v1/tables", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _where(case: dict[str, Any]) -> tuple[int | None, int | None]:
    return case["rejected"]["deal"], case["rejected"]["action"]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_one_event_per_request(scorekeeper: APIClient, path: Path) -> None:
    case = json.loads(path.read_text())
    table = _create(scorekeeper, case["transcript"])
    events = api_events(case["transcript"])
    version = table["version"]
    for n, (where, event) in enumerate(events):
        response = post_events(scorekeeper, table["id"], version, [event])
        if response.status_code == 422 and "rejected" in case:
            assert where == _where(case), (n, event, response.json())
            assert response.json()["error"]["index"] == 0
            assert answers(case, response.json()["error"]["code"]), response.json()
            after = scorekeeper.get(f"/api/v1/tables/{table['id']}").json()
            assert after["version"] == version  # nothing stored
            return
        assert response.status_code == 201, (n, response.json())
        version = response.json()["version"]
    assert "rejected" not in case, "the rejected event was accepted"
    ruling = scorekeeper.get(f"/api/v1/tables/{table['id']}/ruling").json()
    assert ruling == case["expected"]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_one_batch(scorekeeper: APIClient, path: Path) -> None:
    case = json.loads(path.read_text())
    table = _create(scorekeeper, case["transcript"])
    events = api_events(case["transcript"])
    response = post_events(scorekeeper, table["id"], 1, [e for _, e in events])
    if "rejected" in case:
        assert response.status_code == 422, response.json()
        assert events[response.json()["error"]["index"]][0] == _where(case)
        assert answers(case, response.json()["error"]["code"]), response.json()
        log = scorekeeper.get(f"/api/v1/tables/{table['id']}/events").json()["events"]
        assert [e["type"] for e in log] == ["TableCreated"]
        return
    assert response.status_code == 201, response.json()
    ruling = scorekeeper.get(f"/api/v1/tables/{table['id']}/ruling").json()
    assert ruling == case["expected"]
    # The exported transcript, imported into a new table, reproduces the ruling.
    transcript = scorekeeper.get(f"/api/v1/tables/{table['id']}/transcript").json()
    given = case["transcript"]
    assert transcript["players"] == given["players"]  # every seat ever taken, in seat order
    assert [d["seated"] for d in transcript["deals"]] == [
        [p for p in given["players"] if p in d.get("seated", given["players"])]
        for d in given["deals"]
    ]
    assert transcript.get("closed", False) == given.get("closed", False)
    imported = scorekeeper.post(
        "/api/v1/tables/import", {"name": "copy", "transcript": transcript}, format="json"
    )
    assert imported.status_code == 201, imported.json()
    copy = scorekeeper.get(f"/api/v1/tables/{imported.json()['id']}/ruling").json()
    assert copy == case["expected"]
