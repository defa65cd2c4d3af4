"""`GET /api/v1/audits/log`: an auditor downloads their club's own chain and verifies it
offline; other clubs' events are not in it; scorekeepers may not."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.eventstore import last_position
from tests.audits.helpers import run_verifier, sitting_table
from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_auditor_downloads_the_clubs_chain_and_it_verifies_alone(tmp_path: Path) -> None:
    club, other = make_club(), make_club()
    sitting_table(club, seed=41)
    sitting_table(other, seed=42)
    auditor = client_for(make_key(club, "auditor")[1])

    response = auditor.get("/api/v1/audits/log")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-ndjson")
    assert "attachment" in response["Content-Disposition"]
    body = b"".join(response.streaming_content)
    path = tmp_path / "club.jsonl"
    path.write_bytes(body)
    result = run_verifier(path)
    assert result.returncode == 0, result.stdout + result.stderr
    events = last_position(club=club.id)
    assert result.stdout.startswith(f"OK {events} events of club {club.id} (positions 1..{events})")
    assert str(other.id) not in body.decode()


def test_a_range_is_anchored_and_bad_ranges_are_named(tmp_path: Path) -> None:
    club = make_club()
    sitting_table(club, seed=43)
    auditor = client_for(make_key(club, "admin")[1])
    response = auditor.get("/api/v1/audits/log", {"from": 5, "to": 9})
    path = tmp_path / "part.jsonl"
    path.write_bytes(b"".join(response.streaming_content))
    assert run_verifier(path).stdout.startswith(f"OK 5 events of club {club.id} (positions 5..9)")

    past = auditor.get("/api/v1/audits/log", {"from": last_position(club=club.id) + 5})
    assert past.status_code == 400
    assert past.json()["error"]["field"] == "from"
    assert auditor.get("/api/v1/audits/log", {"from": 0}).json()["error"]["field"] == "from"


def test_a_scorekeeper_may_not_download_the_log() -> None:
    club = make_club()
    scorekeeper = client_for(make_key(club, "scorekeeper")[1])
    assert scorekeeper.get("/api/v1/audits/log").status_code == 403
