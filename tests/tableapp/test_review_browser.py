"""A second pair of eyes on the app, tapped at 768 and 390 px: each defect found, fixed,
and tested here (each test failed before its change)."""

from __future__ import annotations

from typing import Any

import pytest

from games.services import commands_parse, table_create, table_events_append
from live.services import viewer_create
from tests.clubs.helpers import make_club, make_key
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import make_member
from tests.tableapp.test_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)
VIEWPORTS = pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["768", "390"])

#: Five players, names as long as a club's members have them.
LONG_NAMES = ["Anastasia-Maria", "Олександра", "Benoît-Xavier", "Dominique", "Évelyne"]


@VIEWPORTS
def test_the_dealers_button_shows_beside_a_long_name(
    page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    """On a phone the seat's name is cut to fit the strip; the dealer's button was cut with
    it ("Domi…", no D), so nobody could see who dealt."""
    club = make_club()
    table = table_create(club=club, name="Long names", variant="louisiana", players=LONG_NAMES)
    deal = {"deal": {"dealer": "Dominique", "trump": "7S"}}
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse([deal])
    )
    page.set_viewport_size(viewport)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    seat = page.locator(".seat[data-player=Dominique]")
    button = seat.locator(".button-d")
    drawn = button.evaluate(
        """b => {
          const r = b.getBoundingClientRect();
          let e = b.parentElement;  // every box around it that clips must hold it whole
          while (e) {
            const c = e.getBoundingClientRect(), s = getComputedStyle(e);
            if (s.overflowX !== 'visible' && (r.left < c.left - 0.5 || r.right > c.right + 0.5))
              return false;
            e = e.parentElement;
          }
          return r.right <= document.documentElement.clientWidth && r.width >= 20;
        }"""
    )
    assert drawn, button.bounding_box()
    assert button.inner_text() == "D"
    # The other seats still name their players (cut, on a phone, but begun).
    for name in LONG_NAMES:
        assert page.locator(f".seat[data-player='{name}'] .who").inner_text().startswith(name)


def _short(page: Any, selector: str) -> list[str]:
    """The visible controls matching `selector` a finger could miss: under 44 px tall or
    wide."""
    return page.locator(selector).evaluate_all(
        """els => els.map(e => [e, e.getBoundingClientRect()])
             .filter(([e, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
             .map(([e, r]) => `${e.textContent.trim()} ${r.width}x${r.height}`)"""
    )


@VIEWPORTS
def test_the_players_phones_language_switch_is_44_px(
    page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    """The players' view and /join are for phones: their language buttons were 32 px."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    viewer = viewer_create(club=club, table=table, created_by="test")
    page.set_viewport_size(viewport)
    for path in (f"/v/{viewer.token}", "/join", "/join?code=NOPE42"):
        page.goto(f"{live_server.url}{path}")
        assert page.locator(".language-switch button").count() == 3
        assert _short(page, ".language-switch button") == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@VIEWPORTS
def test_the_links_to_manage_viewers_and_members_are_44_px(
    page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    """Links that are a page's way on (revoking a viewer link, a member's page and the way
    back from it, the ruling's and the audit's other deals) were a line of text, 16 to 21 px
    tall, easy to miss with a finger beside the chips."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    viewer_create(club=club, table=table, created_by="test")
    deals = []
    for n in range(21):  # a second page of deals: "Earlier deals" is offered
        dealer = ["ana", "ben", "cy"][n % 3]
        deals += [{"deal": {"dealer": dealer, "trump": "7S"}}]
        deals += [{"player": p, "declare": "pass"} for p in _after(dealer)]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(deals)
    )
    admin = make_member(club, "admin")
    page.set_viewport_size(viewport)
    sign_in(page, live_server.url, admin)
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    assert _short(page, ".players-qr a") == []
    page.goto(f"{live_server.url}/app/members/")
    assert _short(page, "tr[data-member] td:first-child a") == []
    page.goto(f"{live_server.url}/app/members/{admin.id}/")
    assert _short(page, "main a:has-text('Back to the members')") == []
    for reading in ("ruling", "audit"):
        page.goto(f"{live_server.url}/app/tables/{table.id}/{reading}")
        earlier = page.locator("main a:has-text('Earlier deals')")
        assert earlier.count() == 1, reading
        assert _short(page, "main a:has-text('Earlier deals')") == [], reading
    # The audit's links from a posting to its event and its cause ("#17").
    assert page.locator("table.ledger a").count() > 0
    assert _short(page, "table.ledger a") == []
    # A house option that is a checkbox: its row (the label) is the target.
    page.goto(f"{live_server.url}/app/")
    page.locator("details.create summary").click()
    page.check("input[name=variant][value=louisiana]")
    assert _short(page, "fieldset.options:not([hidden]) label:has(> input[type=checkbox])") == []


#: Every value of a list's rows drawn inside the screen's width (a table scrolled sideways
#: hid them off screen), and each named where the header is out of sight.
_OFF_SCREEN = """rows => rows.flatMap(row => [...row.querySelectorAll('td')].filter(td => {
      const r = td.getBoundingClientRect();
      return r.width > 0 && (r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5);
    }).map(td => td.textContent.trim()))"""


@VIEWPORTS
def test_the_tables_members_and_keys_lists_fit_a_phone(
    page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    """At 390 px the tables list, the members and the keys scrolled sideways: the pot, the
    last activity and the Remove button were off screen. On a phone each row is a card now,
    its values named; at 768 px they stay tables with their header."""
    club = make_club()
    for name in ("Vendredi soir — la grande table des habitués du club", "Mardi"):
        table_create(club=club, name=name, variant="louisiana", players=["Évelyne", "ben", "cy"])
    admin = make_member(club, "admin")
    make_member(club, "scorekeeper")
    make_key(club, "scorekeeper")
    page.set_viewport_size(viewport)
    sign_in(page, live_server.url, admin)
    phone = viewport["width"] < 600
    for path, lists in (("/app/", 1), ("/app/members/", 2)):
        page.goto(f"{live_server.url}{path}")
        tables = page.locator("table.stacks")
        assert tables.count() == lists, path
        for i in range(lists):
            rows = tables.nth(i).locator("tbody tr")
            assert rows.count() >= 1, path
            assert rows.evaluate_all(_OFF_SCREEN) == [], path
            region = tables.nth(i).locator("xpath=..").get_attribute("aria-label")
            assert region == "A table: on a phone, a card for each row", path  # not "sideways"
            header = tables.nth(i).locator("thead").bounding_box()
            assert (header is None or header["width"] <= 1) == phone, path
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    if phone:  # each value named, as the header would have
        page.goto(f"{live_server.url}/app/")
        pot = page.locator("table.stacks td[data-label='Pot']").first
        assert pot.evaluate("td => getComputedStyle(td, '::before').content") == '"Pot"'
        page.goto(f"{live_server.url}/app/members/")
        assert _short(page, "table.stacks button.danger") == []


def _after(dealer: str) -> list[str]:
    """The order of declaring after `dealer` at a table of ana, ben, cy."""
    order = ["ana", "ben", "cy"]
    i = order.index(dealer)
    return order[i + 1 :] + order[: i + 1]
