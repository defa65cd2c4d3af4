"""`GET /api/v1/audits/log`: an auditor downloads their club's own chain and verifies it
offline; other clubs' events are not in it; scorekeepers may not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from api_common.pagination import encode_cursor
from audits.api.views import AUDIT_LOG_PAGE
from eventlog import last_position
from tests.audits.helpers import VERIFIER, run_verifier, sitting_table
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


def _pages(auditor: object, query: dict[str, object]) -> list[bytes]:
    """Every page from the first, following the `Link` header (and checking the header's
    `next` says the same)."""
    pages: list[bytes] = []
    response = auditor.get("/api/v1/audits/log", query)  # type: ignore[attr-defined]
    while True:
        assert response.status_code == 200
        body = b"".join(response.streaming_content)
        pages.append(body)
        following = json.loads(body.splitlines()[0])["next"]
        link = response.get("Link")
        assert (link is None) == (following is None)
        if following is None:
            return pages
        assert link == f'<{following}>; rel="next"'
        response = auditor.get(following)  # type: ignore[attr-defined]


def test_the_log_comes_a_bounded_page_at_a_time_and_the_pages_chain(tmp_path: Path) -> None:
    club = make_club()
    sitting_table(club, seed=44)
    events = last_position(club=club.id)
    auditor = client_for(make_key(club, "auditor")[1])

    pages = _pages(auditor, {"limit": 7})
    assert len(pages) == -(-events // 7)
    for number, page in enumerate(pages):
        lines = page.splitlines()
        header = json.loads(lines[0])
        assert header["from"] == number * 7 + 1
        assert len(lines) - 1 == min(7, events - number * 7)  # never more than the limit
        alone = tmp_path / f"page{number}.jsonl"
        alone.write_bytes(page)
        assert run_verifier(alone).returncode == 0  # each page checks alone, from its anchor
    whole = tmp_path / "all.jsonl"
    whole.write_bytes(b"".join(pages))
    result = run_verifier(whole)
    assert result.stdout.startswith(f"OK {events} events of club {club.id} (positions 1..{events})")

    # A later page whose anchor does not continue the page before is caught.
    lines = pages[1].splitlines(keepends=True)
    header = json.loads(lines[0])
    header["anchor"] = "f" * 64
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_bytes(pages[0] + json.dumps(header).encode() + b"\n" + b"".join(lines[1:]))
    assert run_verifier(tampered).stdout.startswith("BROKEN at position 8")


def test_a_page_without_a_limit_is_bounded_and_a_bad_cursor_is_named() -> None:
    club = make_club()
    sitting_table(club, seed=45)
    auditor = client_for(make_key(club, "auditor")[1])
    first = auditor.get("/api/v1/audits/log", {"from": 3, "to": 6})
    header = json.loads(b"".join(first.streaming_content).splitlines()[0])
    assert (header["from"], header["to"], header["next"]) == (3, 6, None)
    assert AUDIT_LOG_PAGE <= 1000
    for query, field in (
        ({"cursor": "nonsense"}, "cursor"),
        ({"cursor": encode_cursor("tables", [3])}, "cursor"),
        ({"cursor": encode_cursor("audit-log", ["x"])}, "cursor"),
        ({"limit": 1001}, "limit"),
        ({"limit": 0}, "limit"),
    ):
        answer = auditor.get("/api/v1/audits/log", query)
        assert answer.status_code == 400, query
        assert answer.json()["error"]["field"] == field


def test_the_verifier_follows_the_pages_from_the_api(live_server: Any, tmp_path: Path) -> None:
    club = make_club()
    sitting_table(club, seed=46)
    events = last_position(club=club.id)
    key = make_key(club, "auditor")[1]
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            str(VERIFIER),
            "--api",
            f"{live_server.url}/api/v1/audits/log?limit=9",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "BOURRE_API_KEY": key},
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"OK {events} events of club {club.id} (positions 1..{events})")
