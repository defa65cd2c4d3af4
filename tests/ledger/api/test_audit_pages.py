"""`GET /tables/{id}/audit` a page of deals at a time (issue 25, 3): each answer checks
AUDIT_DEALS_PER_PAGE deals, however long the table, and the pages followed by `page.next`
cover the whole table, so a change anywhere shows on the page that holds it."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from games.engine.simulate import random_sitting
from games.services.tables import table_import
from ledger.audit import AUDIT_DEALS_PER_PAGE, ledger_audit
from ledger.models import PostingLeg
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import events_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_table() -> tuple[Any, Any]:
    club = make_club()
    sitting = random_sitting(random.Random(11), "louisiana", 4, deals=45)
    table = table_import(club=club, name="long", transcript=sitting.transcript)
    return client_for(make_key(club, "auditor")[1]), table


def _pages(reader: Any, table_id: Any) -> list[dict[str, Any]]:
    pages, url = [], f"/api/v1/tables/{table_id}/audit"
    while url:
        answer = reader.get(url)
        assert answer.status_code == 200, answer.content
        pages.append(answer.json())
        url = pages[-1]["page"]["next"]
        assert len(pages) < 10
    return pages


def test_a_long_tables_audit_comes_in_pages_that_cover_it_all(long_table: Any) -> None:
    reader, table = long_table
    assert AUDIT_DEALS_PER_PAGE == 20
    pages = _pages(reader, table.id)
    shown = [
        (p["page"]["first_deal"], p["page"]["last_deal"], p["page"]["next_deal"]) for p in pages
    ]
    assert shown == [(0, 19, 20), (20, 39, 40), (40, 44, None)]
    assert pages[0]["page"]["next"] == f"http://testserver/api/v1/tables/{table.id}/audit?deal=20"
    assert all(p["ok"] and p["page"]["deals"] == 45 for p in pages)
    events = events_of(table.id)
    assert sum(p["chain"]["events"] for p in pages) == len(events)
    versions = [(p["page"]["from_version"], p["page"]["to_version"]) for p in pages]
    assert versions[0][0] == 1
    assert versions[-1][1] == len(events)
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(versions))
    spans = [p["chain"]["span"] for p in pages]
    assert spans[0]["from_position"] == events[0].position
    assert all(a["to_position"] + 1 == b["from_position"] for a, b in itertools.pairwise(spans))
    assert (
        sum(p["ledger"]["postings"] for p in pages)
        == PostingLeg.objects.filter(table_id=table.id).count()
    )
    assert pages[0]["page"]["pot_before"] == 0
    # Each answer is of its 20 deals (a few kB), not of the table.
    assert max(len(json.dumps(p)) for p in pages) < 4_000


def test_a_changed_leg_shows_on_its_page_and_no_other(long_table: Any) -> None:
    reader, table = long_table
    leg = (
        PostingLeg.objects.filter(table_id=table.id, deal=25, account__startswith="player:")
        .order_by("position")
        .first()
    )
    PostingLeg.objects.filter(pk=leg.pk).update(amount=leg.amount + 1)
    pages = _pages(reader, table.id)
    assert [p["ok"] for p in pages] == [True, False, True]
    differences = pages[1]["ledger"]["differences"]
    assert {"problem": "different", "position": leg.position, "transaction": leg.transaction,
            "leg": leg.leg, "field": "amount", "expected": leg.amount,
            "stored": leg.amount + 1} in differences  # fmt: skip
    assert ledger_audit(table_id=table.id)["ok"] is False  # the whole audit agrees


def test_a_changed_pot_leg_before_a_page_is_caught_by_the_page_before(long_table: Any) -> None:
    reader, table = long_table
    leg = (
        PostingLeg.objects.filter(table_id=table.id, deal=19, account="pot")
        .order_by("position")
        .last()
    )
    PostingLeg.objects.filter(pk=leg.pk).update(pot_after=leg.pot_after + 5)
    first, *_ = _pages(reader, table.id)
    assert first["ok"] is False
    assert any(d.get("field") == "pot_after" for d in first["ledger"]["differences"])


@pytest.mark.parametrize("deal", ["45", "-1", "x", "99999999999"])
def test_a_deal_the_table_lacks_is_a_400_naming_deal(long_table: Any, deal: str) -> None:
    reader, table = long_table
    answer = reader.get(f"/api/v1/tables/{table.id}/audit", {"deal": deal})
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["field"] == "deal"


def test_a_table_without_deals_is_one_page() -> None:
    club = make_club()
    reader = client_for(make_key(club, "admin")[1])
    created = reader.post(
        "/api/v1/tables",
        {"name": "new", "variant": "louisiana", "players": ["ana", "ben", "cy"]},
        format="json",
    ).json()
    body = reader.get(f"/api/v1/tables/{created['id']}/audit").json()
    assert body["ok"] is True
    assert body["page"] == {
        "first_deal": None, "last_deal": None, "deals": 0, "next_deal": None, "next": None,
        "from_version": 1, "to_version": 1, "pot_before": 0,
    }  # fmt: skip
