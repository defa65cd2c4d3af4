"""A second pair of eyes on the app, tapped at 768 and 390 px: each defect found, fixed,
and tested here (each test failed before its change)."""

from __future__ import annotations

from typing import Any

import pytest

from games.services import table_create, table_events_append
from live.services import viewer_create
from tests.clubs.helpers import make_club
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
    table_events_append(table_id=table.id, club=club, expected_version=1, events=[deal])
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
    table_events_append(table_id=table.id, club=club, expected_version=1, events=deals)
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


def _after(dealer: str) -> list[str]:
    """The order of declaring after `dealer` at a table of ana, ben, cy."""
    order = ["ana", "ben", "cy"]
    i = order.index(dealer)
    return order[i + 1 :] + order[: i + 1]
