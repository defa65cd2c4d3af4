"""Pages read on a phone (390 px) in every language, the longest words too: the auditor's
page, the seats' status. Each test failed before its change."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Member
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from live.services import viewer_create
from tests.clubs.helpers import make_club
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import make_member
from tests.tableapp.test_browser import seeded_table, sign_in
from tests.tableapp.test_club_night_browser import _stats_caught_up
from tests.tableapp.test_review_browser import _OFF_SCREEN, LONG_NAMES, _short

pytestmark = pytest.mark.django_db(transaction=True)
VIEWPORTS = pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["768", "390"])
LANGUAGES = pytest.mark.parametrize("language", ["en", "fr", "uk"])
#: The smallest chart label a reader at arm's length still reads, in CSS pixels.
LEGIBLE_PX = 11


def _speaking(member: Member, language: str) -> Member:
    member.language = language
    member.save(update_fields=["language"])
    return member


#: Each chart as drawn: its labels' size on screen (the SVG is scaled to its box) and any
#: two labels that overlap or leave the chart.
_CHART_LABELS = """svg => {
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].map(t => [t, t.getBoundingClientRect()]);
  const scale = box.width / svg.viewBox.baseVal.width;
  const sizes = texts.map(([t]) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const out = texts.filter(([t, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5)
    .map(([t]) => t.textContent);
  const over = [];
  texts.forEach(([a, r], i) => texts.slice(i + 1).forEach(([b, s]) => {
    if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom)
      over.push(a.textContent + ' / ' + b.textContent);
  }));
  return {smallest: Math.min(...sizes), out, over, width: box.width};
}"""


#: A card's values drawn without a name before them (the header is out of sight on a phone);
#: the card's lead (a name, a projection) names itself.
_UNNAMED = """tds => tds.filter(td => td.getBoundingClientRect().width > 0
     && !td.classList.contains('lead') && getComputedStyle(td, '::before').content === 'none')
     .map(td => td.textContent.trim())"""


def _fits_as_cards_on_a_phone(page: Any, kind: str, viewport: dict[str, int], rows: int) -> None:
    """`table.<kind>` (at least `rows` rows) shows every value inside the screen, its region
    does not scroll sideways nor says it does; on a phone its header is out of sight and
    each value is named (the card's lead names itself), on a tablet it is a table."""
    table = page.locator(f"table.{kind}")
    body = table.locator("tbody tr")
    assert body.count() >= rows, kind
    assert body.evaluate_all(_OFF_SCREEN) == [], kind
    region = table.locator("xpath=..")
    assert region.evaluate("e => e.scrollWidth <= e.clientWidth"), kind
    assert "sideways" not in (region.get_attribute("aria-label") or ""), kind
    phone = viewport["width"] < 600
    header = table.locator("thead").bounding_box()
    assert (header is None or header["width"] <= 1) == phone, kind
    if phone:
        assert table.locator("tbody td:not(:empty)").evaluate_all(_UNNAMED) == [], kind


def _audit_page(page: Any, base: str, viewport: dict[str, int], language: str) -> None:
    """The hidden-renege deal with its last card undone (postings voided, an event undone),
    on the auditor's page in `language`."""
    club = make_club()
    table_id = seeded_table(club)
    version = Table.objects.get(id=table_id).snapshot.version
    undo = [{"undo": {"reason": "the last card was mis-tapped"}}]
    table_events_append(
        table_id=table_id, club=club, expected_version=version, commands=commands_parse(undo)
    )
    page.set_viewport_size(viewport)
    sign_in(page, base, _speaking(make_member(club, "auditor"), language))
    page.goto(f"{base}/app/tables/{table_id}/audit")


@LANGUAGES
@VIEWPORTS
def test_the_audit_ledger_and_events_fit_a_phone(
    page: Any, live_server: Any, viewport: dict[str, int], language: str
) -> None:
    """At 390 px the ledger (nine columns) and the events scrolled sideways, the amounts and
    the hashes off screen; at 768 px the ledger did too in French and Ukrainian. On a phone
    each posting and each event is a card now, every value named; at 768 px they stay
    tables, and fit."""
    _audit_page(page, live_server.url, viewport, language)
    assert page.locator("table.ledger tr.voided").count() > 0
    assert page.locator("table.events a.undone-by").count() > 0
    for kind in ("ledger", "events"):
        _fits_as_cards_on_a_phone(page, kind, viewport, rows=9)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert _short(page, "table.ledger a, table.events a") == []


@LANGUAGES
@VIEWPORTS
def test_the_audit_charts_read_on_a_phone(
    page: Any, live_server: Any, viewport: dict[str, int], language: str
) -> None:
    """The charts, drawn for a tablet and shrunk to half a phone's width, had 6 px labels.
    A phone gets a drawing made for its width: labels at least 11 px, none over another or
    cut at the edge, the legend in the columns it has room for."""
    _audit_page(page, live_server.url, viewport, language)
    charts = page.locator("svg.chart >> visible=true")
    assert charts.count() == 2  # the pot and the balances, one drawing of each shown
    for i in range(2):
        drawn = charts.nth(i).evaluate(_CHART_LABELS)
        assert drawn["smallest"] >= LEGIBLE_PX, drawn
        assert drawn["out"] == [], drawn
        assert drawn["over"] == [], drawn


#: Each word of each seat's status that the line broke inside ("має оголосит/и"), and any
#: status drawn past its seat's edge.
_SPLIT_WORDS = """statuses => statuses.flatMap(status => {
  const seat = status.closest('.seat').getBoundingClientRect();
  const out = [];
  const walker = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      const lines = new Set(rects.map(r => Math.round(r.top)));
      if (lines.size > 1) out.push('split: ' + m[0]);
      if (rects.some(r => r.right > seat.right + 0.5 || r.left < seat.left - 0.5))
        out.push('past the seat: ' + m[0]);
    }
  }
  return out;
})"""


@LANGUAGES
def test_a_seats_status_breaks_only_between_words_on_a_phone(
    browser: Any, live_server: Any, language: str
) -> None:
    """At 390 px in Ukrainian the seat strip's statuses broke inside a word ("має оголосит"
    over "и"): they wrapped anywhere to stay in a seat 54 px wide. A seat is now at least as
    wide as its status's longest word (the name is still cut to fit, the dealer's button
    kept), on the table screen and on the players' phones."""
    club = make_club()
    table = table_create(club=club, name="Long names", variant="louisiana", players=LONG_NAMES)
    deal = {"deal": {"dealer": "Dominique", "trump": "7S", "seated": LONG_NAMES[:4]}}
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse([deal])
    )
    viewer = viewer_create(club=club, table=table, created_by="test")
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        sign_in(page, live_server.url, _speaking(make_member(club, "scorekeeper"), language))
        for path in (f"/app/tables/{table.id}/", f"/v/{viewer.token}"):
            page.goto(f"{live_server.url}{path}")
            if path.startswith("/v/"):  # the players' view keeps the device's language
                page.click(f".language-switch button[lang={language}]")
                page.wait_for_selector(f"html[lang={language}]")
            statuses = page.locator(".seat .status")
            assert statuses.count() == len(LONG_NAMES), path
            assert statuses.evaluate_all(_SPLIT_WORDS) == [], path
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
            dealer = page.locator(".seat[data-player=Dominique] .button-d, .seat .dealer")
            box = dealer.bounding_box()
            assert box is not None, path
            assert box["x"] + box["width"] <= PHONE["width"], path
    finally:
        context.close()


@LANGUAGES
@VIEWPORTS
def test_the_standings_fit_a_phone(
    page: Any, live_server: Any, viewport: dict[str, int], language: str
) -> None:
    """At 390 px the standings (ten columns) and the projections scrolled sideways in their
    region: a player's bourrés, reneges and biggest pot, a projection's lag, off screen; at
    768 px in Ukrainian the last column and a projection's update were cut. On a phone each
    player and each projection is a card now, every value named; at 768 px they stay tables,
    the rank in the player's cell, and fit."""
    club = make_club()
    seeded_table(club)
    _stats_caught_up(club)
    page.set_viewport_size(viewport)
    sign_in(page, live_server.url, _speaking(make_member(club, "auditor"), language))
    page.goto(f"{live_server.url}/app/standings/")
    for kind in ("leaders",):  # the projections' lag is the operators' now (issue 39.10)
        _fits_as_cards_on_a_phone(page, kind, viewport, rows=4)
    first = page.locator("table.leaders tbody tr").first.locator("td.lead")
    assert first.inner_text().split() == ["1.", "ana"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
