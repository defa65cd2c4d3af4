"""The ruling and audit pages are paged by deal (issue 25, 3): a long sitting's page shows
20 deals, the latest by default, with links to the others, so its size is bounded whatever
the table's length (a 1,000-deal table's pages used to be 5.9 and 25 MB)."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from games.engine.simulate import random_sitting
from games.services.tables import table_import
from tableapp.paging import DEALS_PER_PAGE
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db


def _deals_shown(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="card deal" id="deal-(\d+)"', html)]


def test_a_long_sitting_is_shown_twenty_deals_at_a_time() -> None:
    member = make_member(role="auditor")
    sitting = random_sitting(random.Random(7), "louisiana", 4, deals=45)
    table = table_import(club=member.club, name="long", transcript=sitting.transcript)
    client = signed_in(member)
    latest = client.get(f"/app/tables/{table.id}/ruling").content.decode()
    assert DEALS_PER_PAGE == 20
    assert _deals_shown(latest) == list(range(26, 46))
    assert "Deals 26 to 45 of 45" in latest
    assert 'href="?from=6"' in latest  # earlier deals
    first = client.get(f"/app/tables/{table.id}/ruling?from=1").content.decode()
    assert _deals_shown(first) == list(range(1, 21))
    assert 'href="?from=21"' in first  # later deals
    shown = json.loads(
        html.unescape(re.search(r'<pre id="ruling-json">(.*?)</pre>', first, re.S)[1])
    )
    assert len(shown["deals"]) == 20
    for odd in ("?from=0", "?from=x", "?from=999"):
        page = client.get(f"/app/tables/{table.id}/ruling{odd}")
        assert _deals_shown(page.content.decode()) == list(range(26, 46)), odd


def test_the_audit_page_is_paged_by_deal_too() -> None:
    member = make_member(role="auditor")
    sitting = random_sitting(random.Random(8), "louisiana", 4, deals=45)
    table = table_import(club=member.club, name="long", transcript=sitting.transcript)
    client = signed_in(member)
    latest = client.get(f"/app/tables/{table.id}/audit").content.decode()
    assert "Deals 26 to 45 of 45" in latest
    deals = [int(n) for n in re.findall(r'class="deal" data-deal="(\d+)"', latest)]
    assert deals == list(range(26, 46)) * 2  # both charts
    events = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', latest)]
    assert 1 not in events
    assert events == sorted(events)
    assert "The table's history is intact" in latest  # the audit is of the whole table
    first = client.get(f"/app/tables/{table.id}/audit?from=1").content.decode()
    first_events = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', first)]
    assert first_events[0] == 1
    assert first_events[-1] < events[0]  # deals 1 to 20, then (later) 21 to 40, ...
    middle = client.get(f"/app/tables/{table.id}/audit?from=21").content.decode()
    middle_events = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', middle)]
    assert middle_events[0] == first_events[-1] + 1  # no event left out between pages
