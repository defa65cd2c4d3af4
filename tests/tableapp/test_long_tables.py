"""The ruling and audit pages are paged by deal (issue 25, 3): a long sitting's page shows
20 deals, the latest by default, with links to the others, so its size is bounded whatever
the table's length (a 1,000-deal table's pages used to be 5.9 and 25 MB)."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from app_common.labels import account_words
from eventlog import read_stream
from games.engine.simulate import random_sitting
from games.services.tables import table_import
from ledger.audit import deal_starts
from ledger.selectors import ledger_postings
from tableapp.charts import Series, line_chart, running
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
    assert deals == list(range(26, 46)) * 4  # both charts, each drawn for a tablet and a phone
    events = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', latest)]
    assert 1 not in events
    assert events == sorted(events)
    assert "The table's history is intact" in latest  # the audit is of the page's deals
    first = client.get(f"/app/tables/{table.id}/audit?from=1").content.decode()
    first_events = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', first)]
    assert first_events[0] == 1
    assert first_events[-1] < events[0]  # deals 1 to 20, then (later) 21 to 40, ...
    middle = client.get(f"/app/tables/{table.id}/audit?from=21").content.decode()
    middle_events = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', middle)]
    assert middle_events[0] == first_events[-1] + 1  # no event left out between pages


def _rows_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter of the stored events read (every read of the log turns rows into events
    through `raw_row_to_event`, the chain's check too)."""
    import eventlog.reader as reader
    import eventlog.verify as verify

    count = [0]
    real = reader.raw_row_to_event

    def counted(row: Any) -> Any:
        count[0] += 1
        return real(row)

    monkeypatch.setattr(reader, "raw_row_to_event", counted)
    monkeypatch.setattr(verify, "raw_row_to_event", counted)
    return count


def test_an_audit_page_reads_and_checks_only_its_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's work does not grow with the table: a 100-deal table's page reads about
    what a 25-deal table's does (the whole table was read, folded and checked before)."""
    member = make_member(role="auditor")
    client = signed_in(member)
    reads = {}
    for deals in (25, 100):
        sitting = random_sitting(random.Random(9), "louisiana", 4, deals=deals)
        table = table_import(club=member.club, name=f"t{deals}", transcript=sitting.transcript)
        count = _rows_read(monkeypatch)
        page = client.get(f"/app/tables/{table.id}/audit").content.decode()
        reads[deals] = count[0]
        assert f"Deals {deals - 19} to {deals} of {deals}" in page
        assert "The table's history is intact" in page
        total = len(read_stream(stream=table.stream))
        monkeypatch.undo()
    assert reads[100] < 1.5 * reads[25], reads
    assert reads[100] < total, (reads, total)  # a fraction of the table, checks included


def test_an_audit_page_starts_its_charts_from_the_balances_before_it() -> None:
    """A later page's running totals go on from where the page before ended: its pot chart
    is the whole table's running pot (every leg folded from the first), cut to the page."""
    member = make_member(role="auditor")
    sitting = random_sitting(random.Random(10), "louisiana", 4, deals=45)
    table = table_import(club=member.club, name="long", transcript=sitting.transcript)
    client = signed_in(member)
    middle = client.get(f"/app/tables/{table.id}/audit?from=21")
    assert "The table's history is intact" in middle.content.decode()
    check = client.get(f"/app/tables/{table.id}/audit/check?from=21").content.decode()
    assert "Deals 21 to 40 of 45" in check

    events = read_stream(stream=table.stream)
    version_at = {e.position: e.version for e in events}
    pot: dict[int, int] = {}
    for leg in ledger_postings(table_id=table.id, include_voided=True):
        if leg.account == "pot":
            pot[leg.version] = pot.get(leg.version, 0) + leg.amount
            if leg.voided_by is not None:
                undo = version_at[leg.voided_by]
                pot[undo] = pot.get(undo, 0) - leg.amount
    whole = running(pot, [e.version for e in events])
    starts = deal_starts(stream=table.stream)
    low, high = starts[20], starts[40] - 1
    expected = line_chart(
        [Series(account_words("pot"), [(v, t) for v, t in whole if low <= v <= high])],
        title="The pot after every event",
        boundaries=[v for v in starts if low <= v <= high],
        last_x=high,
        first_x=low,
        first_deal=21,
    )
    assert whole[-1][1] != 0 or any(t for _, t in whole)  # a pot that moves
    assert middle.context["pot_chart"] == expected
