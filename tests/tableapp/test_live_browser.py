"""The table seen live by everyone at it, in real browsers against the real ASGI server
(uvicorn serving the site and its streams; `tests/live/server.py`): a scorekeeper's tablet
logs a whole club night by tapping while a TV display, two phones (one joined by the QR
code's link, one by the typed code) and a second scorekeeper's screen follow, each within
a second; a revoked link shows the ended page; a restart of the server loses nothing; a
page whose stream is blocked falls back to refreshing itself."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.conf import global_settings
from django.test import override_settings

from clubs.models import Member
from games.services import table_create, table_events_append
from live.qr import qr_svg
from tests.clubs.helpers import make_club
from tests.live.fixtures import asgi_server, live_app
from tests.live.server import AsgiServer
from tests.tableapp.browser import PHONE, TABLET, screenshot
from tests.tableapp.helpers import PASSWORD, make_member

__all__ = ["asgi_server", "live_app"]

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"
HIDDEN_RENEGE = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())
TV = {"width": 1920, "height": 1080}
#: The promise: every open view shows a logged event within this (seconds).
WITHIN = float(os.environ.get("BOURRE_LIVE_WITHIN", "1.0"))
SLOWEST = 3 * WITHIN


def _context(browser: Any, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(30_000)  # a loaded machine: the close renders the night
    return context


def _servable(member: Member) -> Member:
    """The tests hash passwords with MD5 (fast); the server runs the real settings, which
    accept only the real hashers: hash this member's once the real way."""
    with override_settings(PASSWORD_HASHERS=global_settings.PASSWORD_HASHERS):
        member.user.set_password(PASSWORD)
        member.user.save(update_fields=["password"])
    return member


def _signed_in(browser: Any, base: str, member: Member, viewport: dict[str, int]) -> Any:
    if not member.user.password.startswith("pbkdf2"):
        _servable(member)
    page = _context(browser, viewport).new_page()
    page.goto(f"{base}/app/login/")
    page.fill("input[name=username]", member.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("button:has-text('Sign in')")
    page.wait_for_url(f"{base}/app/")
    return page


def _live(page: Any) -> None:
    page.wait_for_selector("html[data-live=live]")


def _version(page: Any, element: str) -> int:
    return int(page.get_attribute(f"#{element}", "data-version"))


class Followers:
    """The pages following the tablet, and how long each took to show each version (from
    the moment the tablet shows it; a follower may take up to `SLOWEST`)."""

    def __init__(self, **pages: tuple[Any, str]) -> None:
        self.pages = pages
        self.delays: list[float] = []

    def wait(self, version: int, since: float) -> None:
        for name, (page, element) in self.pages.items():
            left = max(0.05, since + SLOWEST - time.monotonic())
            try:
                page.wait_for_selector(f'#{element}[data-version="{version}"]', timeout=left * 1000)
            except Exception as error:
                raise AssertionError(f"{name} did not show version {version} in time") from error
            self.delays.append(time.monotonic() - since)


def _tap(tablet: Any, selector: str, followers: Followers) -> None:
    before = _version(tablet, "table")
    tablet.locator(selector).click()
    tablet.wait_for_selector(f'#table:not([data-version="{before}"])')
    followers.wait(_version(tablet, "table"), time.monotonic())


def test_a_club_night_followed_live_on_a_display_two_phones_and_a_second_tablet(
    browser: Any, live_app: AsgiServer
) -> None:
    base = live_app.url
    club = make_club()
    transcript = HIDDEN_RENEGE["transcript"]
    table = table_create(
        club=club,
        name="Friday",
        variant="louisiana",
        players=transcript["players"],
        options=transcript["options"],
    )
    tablet = _signed_in(browser, base, make_member(club, "scorekeeper"), TABLET)

    # The scorekeeper makes a viewer link: a QR code and a short code.
    tablet.goto(f"{base}/app/tables/{table.id}/")
    tablet.click('a:has-text("Players\' phones")')
    tablet.click("button:has-text('New viewer link')")
    link = tablet.locator("section.viewer-link")
    code = link.get_attribute("data-code")
    url = link.locator("a[href*='/v/']").get_attribute("href")
    # The QR code on the page is the code of that link (drawn by the service).
    modules = re.search(r'class="qrline"[^>]* d="([^"]+)"', qr_svg(url))
    assert modules is not None
    assert link.locator(".qr path.qrline").get_attribute("d") == modules[1]
    screenshot(tablet, "viewer-links", full_page=False)
    tablet.goto(f"{base}/app/tables/{table.id}/")

    tv = _signed_in(browser, base, make_member(club, "auditor"), TV)
    tv.goto(f"{base}/app/tables/{table.id}/display")
    by_qr = _context(browser, PHONE).new_page()
    by_qr.goto(url)
    by_code = _context(browser, PHONE).new_page()
    by_code.goto(f"{base}/join")
    by_code.fill("input[name=code]", code.lower())
    by_code.click("button:has-text('Follow')")
    by_code.wait_for_url(url)
    second = _signed_in(browser, base, make_member(club, "scorekeeper"), TABLET)
    second.goto(f"{base}/app/tables/{table.id}/")
    for page in (tablet, tv, by_qr, by_code, second):
        _live(page)
    assert tv.locator(".join-corner .code").inner_text() == code  # the TV invites phones

    followers = Followers(
        tv=(tv, "board"),
        by_qr=(by_qr, "board"),
        by_code=(by_code, "board"),
        second=(second, "table"),
    )
    deal = transcript["deals"][0]
    tablet.check(f"input[name=dealer][value={deal['dealer']}]")
    tablet.click(f".trump-picker label:has(input[value='{deal['trump']}'])")
    _tap(tablet, "button:has-text('Start the deal')", followers)
    assert tv.locator(".seat[data-player=dee] .dealer").is_visible()
    shot = False
    for index, action in enumerate(deal["actions"]):
        if "declare" in action:
            _tap(tablet, f"form[data-step=declare] button[value='{action['declare']}']", followers)
        else:
            _tap(tablet, f"form[data-step=play] button[value='{action['play']}']", followers)
        if index > 8 and not shot and tv.locator(".trick .playing-card").count() >= 2:
            screenshot(tv, "display", full_page=False)  # mid-deal, cards on the table
            screenshot(by_qr, "players-view")
            shot = True
        if any("reneged" in words for words in tv.locator(".ruling").all_inner_texts()):
            assert by_code.locator(".ruling").inner_text().startswith("cy reneged in trick 3")
    assert shot  # the TV showed the trick's cards as they were played
    assert tv.locator(".ruling").inner_text() == "ana takes the pot: 4"
    assert tv.locator(".balances").is_visible()  # between deals: the running balances

    # The close, confirmed on the tablet: the TV and the phones show who pays whom.
    tablet.click("details.sitting summary")
    tablet.click("a:has-text('Close the table')")
    started = time.monotonic()
    tablet.click("button:has-text('Confirm: close the table')")
    tablet.wait_for_url(f"**/app/tables/{table.id}/settle-up")
    closed_at = time.monotonic()
    for page in (tv, by_qr, by_code):
        page.wait_for_selector(
            ".settle .transfers li", timeout=(WITHIN + closed_at - started) * 1000
        )
    said = tablet.locator(".transfers li").all_inner_texts()
    assert tv.locator(".settle .transfers li").all_inner_texts() == said
    assert by_qr.locator(".statements tbody tr").count() == len(transcript["players"])
    screenshot(tv, "display-closed", full_page=False)
    screenshot(by_code, "players-view-closed")
    # The promise is the 95th percentile. On a machine loaded beyond twice its
    # cores (a shared CI box), every page's fragment takes that much longer to render: the
    # bound is doubled there, and the figure printed.
    delays = sorted(followers.delays)
    overloaded = os.getloadavg()[0] > 2 * (os.cpu_count() or 1)
    assert delays[int(len(delays) * 0.95)] < WITHIN * (2 if overloaded else 1)
    print(f"live delays: p95 {delays[int(len(delays) * 0.95)]:.3f} s, max {delays[-1]:.3f} s")

    # Revoking the link ends both phones' views within seconds; the TV goes on.
    tablet.goto(f"{base}/app/tables/{table.id}/viewers")
    tablet.click("button:has-text('Revoke')")
    for phone in (by_qr, by_code):
        phone.wait_for_selector("h1:has-text('This link has ended')", timeout=8_000)
    assert by_qr.goto(url).status == 404
    for page in (tablet, tv, by_qr, by_code, second):
        page.context.close()


def test_a_display_resumes_after_the_server_restarts(browser: Any, live_app: AsgiServer) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    tv = _signed_in(browser, live_app.url, make_member(club, "auditor"), TV)
    tv.goto(f"{live_app.url}/app/tables/{table.id}/display")
    _live(tv)
    live_app.stop()
    outcome = table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        events=[{"deal": {"dealer": "cy", "trump": "7S"}}, {"player": "ana", "declare": "play"}],
    )
    live_app.start()
    # The browser reconnects by itself, and the page catches up with what it missed.
    tv.wait_for_selector(f'#board[data-version="{outcome.body["version"]}"]', timeout=15_000)
    _live(tv)
    assert tv.locator(".to-act-line").inner_text() == "ben to act"
    next_version = table_events_append(
        table_id=table.id,
        club=club,
        expected_version=outcome.body["version"],
        events=[{"player": "ben", "declare": "pass"}],
    ).body["version"]
    tv.wait_for_selector(f'#board[data-version="{next_version}"]', timeout=WITHIN * 1000)
    tv.context.close()


def test_a_page_whose_stream_is_blocked_refreshes_itself(
    browser: Any, live_app: AsgiServer
) -> None:
    """As behind a proxy that holds the stream back: the page polls its fragment."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    tv = _signed_in(browser, live_app.url, make_member(club, "auditor"), TV)
    tv.route(re.compile(r"/live/tables/"), lambda route: route.abort())  # not /static/live/
    tv.goto(f"{live_app.url}/app/tables/{table.id}/display")
    tv.wait_for_selector("html[data-live=polling]", timeout=8_000)
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        events=[{"deal": {"dealer": "cy", "trump": "7S"}}],
    )
    tv.wait_for_selector('#board:not([data-version="1"])', timeout=8_000)
    tv.context.close()


def test_the_display_and_the_players_view_fit_a_tablet_and_a_phone(
    browser: Any, live_app: AsgiServer
) -> None:
    from live.services import viewer_create

    club = make_club()
    transcript = HIDDEN_RENEGE["transcript"]
    table = table_create(
        club=club, name="Friday", variant="louisiana", players=transcript["players"]
    )
    deal = transcript["deals"][0]
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        events=[{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"][:9]],
    )
    viewer = viewer_create(club=club, table=table, created_by="test")
    member = make_member(club, "auditor")
    for viewport, name in ((TABLET, "768"), (PHONE, "390")):
        tv = _signed_in(browser, live_app.url, member, viewport)
        tv.goto(f"{live_app.url}/app/tables/{table.id}/display")
        phone = tv.context.new_page()
        phone.goto(f"{live_app.url}/v/{viewer.token}")
        for page in (tv, phone):
            _live(page)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{page.url} is wider than {viewport['width']}"
            assert page.locator(".trick .playing-card").count() >= 1
        screenshot(tv, f"display-{name}")
        screenshot(phone, f"players-view-{name}")
        tv.context.close()
