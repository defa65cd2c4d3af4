"""Heavy reads bounded (issue 25, 3): a table's audit runs one per club at a time across
processes and a few per process, and one that cannot start is refused at once (503
`heavy_read_busy`, Retry-After) instead of holding a thread: eight concurrent audits of one
club used to take 26 to 57 s each while another club's reads timed out."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.core.cache import cache

from api_common.heavy import heavy_read
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import import_case
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db
NAME = "sitting-01-louisiana-roster-close"


@pytest.fixture
def another_process_audits() -> Iterator[list[object]]:
    """Mark clubs as having an audit under way in another process (the shared key)."""
    clubs: list[object] = []
    yield clubs
    for club_id in clubs:
        cache.delete(f"heavy-read:{club_id}")


def test_one_audit_per_club_at_a_time_and_other_clubs_go_on(
    another_process_audits: list[object],
) -> None:
    busy_club, other_club = make_club(), make_club()
    busy_table, other_table = import_case(busy_club, NAME), import_case(other_club, NAME)
    assert cache.add(f"heavy-read:{busy_club.id}", 1, timeout=60)
    another_process_audits.append(busy_club.id)
    busy = client_for(make_key(busy_club, "auditor")[1])
    refused = busy.get(f"/api/v1/tables/{busy_table}/audit")
    assert refused.status_code == 503
    assert refused.json()["error"]["code"] == "heavy_read_busy"
    assert int(refused["Retry-After"]) > 0
    in_french = busy.get(f"/api/v1/tables/{busy_table}/audit", HTTP_ACCEPT_LANGUAGE="fr")
    assert in_french.json()["error"]["message"].startswith(
        "une vérification de table de ce club est déjà en cours"
    )  # it was English whatever the language
    other = client_for(make_key(other_club, "auditor")[1])
    assert other.get(f"/api/v1/tables/{other_table}/audit").json()["ok"] is True
    # The app's audit page still shows everything else, and says the audit must wait.
    page = signed_in(make_member(busy_club, "auditor")).get(f"/app/tables/{busy_table}/audit")
    assert page.status_code == 200
    assert "Another audit of this club is under way" in page.content.decode()
    cache.delete(f"heavy-read:{busy_club.id}")
    assert busy.get(f"/api/v1/tables/{busy_table}/audit").json()["ok"] is True


def test_a_process_runs_few_heavy_reads_at_once() -> None:
    club = make_club()
    table = import_case(club, NAME)
    held, release = threading.Event(), threading.Event()

    def audit_elsewhere() -> None:
        with heavy_read(club_id="another club"):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=audit_elsewhere)
    thread.start()
    try:
        assert held.wait(5)
        reader = client_for(make_key(club, "auditor")[1])
        refused = reader.get(f"/api/v1/tables/{table}/audit")
    finally:
        release.set()
        thread.join()
    assert refused.status_code == 503
    assert reader.get(f"/api/v1/tables/{table}/audit").status_code == 200
