"""The table seen live by everyone at it, in real browsers against the site served as
`make run` serves it (nginx in front of gunicorn and uvicorn; `tests/live/server.py`): a
scorekeeper's tablet logs a whole club night by tapping while a TV display, two phones (one
joined by the QR code's link, one by the typed code) and a second scorekeeper's screen
follow, each within a second; a revoked link shows the ended page; a restart of the server
loses nothing; a page whose stream is blocked falls back to refreshing itself."""

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
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from live.qr import qr_svg
from tests.clubs.helpers import make_club
from tests.live.fixtures import served, served_site
from tests.live.server import ServedSite
from tests.tableapp.browser import PHONE, SCREENSHOTS, TABLET, TV, png_size, screenshot
from tests.tableapp.helpers import PASSWORD, make_member
from tests.tableapp.screens import TV_720

__all__ = ["served", "served_site"]

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"
HIDDEN_RENEGE = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())
#: The promise: every open view shows a logged event within this (seconds).
WITHIN = float(os.environ.get("BOURRE_LIVE_WITHIN", "1.0"))
SLOWEST = 3 * WITHIN


def _context(browser: Any, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(30_000)  # a loaded machine: the close renders the night
    context.add_init_script(SHOWN_SCRIPT)
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


#: Each page notes when it first shows each version of its table (`#table` or `#board`),
#: by its own clock: the delays are measured where they happen, not when the test gets
#: round to asking each page in turn.
SHOWN_SCRIPT = """
window.__shown = {};
new MutationObserver(function () {
  for (const id of ["board", "table"]) {
    const el = document.getElementById(id);
    const version = el && el.dataset.version;
    if (el && !(version in window.__shown)) window.__shown[version] = Date.now();
  }
}).observe(document, {
  subtree: true, childList: true, attributes: true, attributeFilter: ["data-version"],
});
"""


class Followers:
    """The pages following the tablet, and how long each took to show each version: from
    the moment the scorekeeper's step was answered (the response's end, by the browser's
    clock) to the moment the page showed it (its own note). Each must show it within
    `SLOWEST`; the promise is on the 95th percentile of the delays."""

    def __init__(self, **pages: tuple[Any, str]) -> None:
        self.pages = pages
        self.logged: dict[int, float] = {}  # version -> when its step was answered (ms)

    def wait(self, version: int, answered_ms: float) -> None:
        self.logged[version] = answered_ms
        for name, (page, element) in self.pages.items():
            try:
                page.wait_for_selector(
                    f'#{element}[data-version="{version}"]', timeout=SLOWEST * 1000
                )
            except Exception as error:
                raise AssertionError(f"{name} did not show version {version} in time") from error

    def delays(self) -> dict[str, list[float]]:
        """Each page's delays in seconds, one a version logged, sorted."""
        found = {}
        for name, (page, _) in self.pages.items():
            shown = page.evaluate("window.__shown")
            found[name] = sorted((shown[str(v)] - at) / 1000 for v, at in self.logged.items())
        return found


def _tap(tablet: Any, selector: str, followers: Followers) -> None:
    before = _version(tablet, "table")
    with tablet.expect_response(lambda r: r.request.method == "POST") as answer:
        tablet.locator(selector).click()
    timing = answer.value.request.timing
    tablet.wait_for_selector(f'#table:not([data-version="{before}"])')
    followers.wait(_version(tablet, "table"), timing["startTime"] + timing["responseEnd"])


def test_a_club_night_followed_live_on_a_display_two_phones_and_a_second_tablet(
    browser: Any, served: ServedSite
) -> None:
    base = served.url
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
    screenshot(tablet, "viewer-links", full_page=False, sizes={"": TABLET})
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
            shot = True  # mid-deal, cards on the table (its pictures: the test below)
        if any("reneged" in words for words in tv.locator(".ruling").all_inner_texts()):
            said = by_code.locator(".ruling").first.inner_text()
            assert said.startswith("cy reneged in trick 3")
    assert shot  # the TV showed the trick's cards as they were played
    # The deal over: every ruling told on the felt, and each seat what the deal did to it.
    told = tv.locator("#board .felt .ruling").all_inner_texts()
    assert told[-1] == "ana takes the pot: 4"
    assert any(words.startswith("cy reneged in trick 3") for words in told)
    assert tv.locator("#board .seat[data-player=ana] .status").inner_text() == "took the pot: +4"

    # The close, confirmed on the tablet: the TV and the phones show who pays whom.
    tablet.click("details.sitting summary")
    tablet.click("a:has-text('Close the table')")
    started = time.monotonic()
    tablet.click("button:has-text('Confirm: close the table')")
    tablet.wait_for_url(f"**/app/tables/{table.id}/settle-up")
    closed_at = time.monotonic()
    for page in (tv, by_qr, by_code):
        page.wait_for_selector(
            "#board .transfers li", timeout=(WITHIN + closed_at - started) * 1000
        )
    said = tablet.locator(".transfers li").all_inner_texts()
    assert tv.locator("#board .transfers li").all_inner_texts() == said
    assert by_qr.locator(".statements tbody tr").count() == len(transcript["players"])
    screenshot(by_code, "players-view-closed", full_page=False, sizes={"": PHONE})
    # The promise: the 95th percentile of the delays (every page, every event).
    by_page = followers.delays()
    delays = sorted(d for page in by_page.values() for d in page)
    p95, load = delays[int(len(delays) * 0.95)], os.getloadavg()[0]
    medians = ", ".join(f"{name} {d[len(d) // 2]:.2f}" for name, d in by_page.items())
    print(
        f"live delays over {len(delays)} (page, event): median {delays[len(delays) // 2]:.3f} s,"
        f" p95 {p95:.3f} s, max {delays[-1]:.3f} s (medians: {medians}) at load {load:.1f}"
    )
    # 1 s, on a loaded machine too; only far beyond (more than 4 runnable processes a core,
    # each getting a fraction of one: p95 1.30 s measured at a load of 20 on 2 cores) is
    # there more room, and the figure is printed either way.
    assert p95 < WITHIN * (1.5 if load > 4 * (os.cpu_count() or 1) else 1), by_page

    # Revoking the link ends both phones' views within seconds; the TV goes on.
    tablet.goto(f"{base}/app/tables/{table.id}/viewers")
    tablet.click("section.viewer-link button:has-text('Revoke')")
    tablet.click("section.confirm button[name=confirm]")  # asked first
    for phone in (by_qr, by_code):
        phone.wait_for_selector("h1:has-text('This link has ended')", timeout=8_000)
    assert by_qr.goto(url).status == 404
    for page in (tablet, tv, by_qr, by_code, second):
        page.context.close()


def test_a_display_resumes_after_the_server_restarts(browser: Any, served: ServedSite) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    tv = _signed_in(browser, served.url, make_member(club, "auditor"), TV)
    tv.goto(f"{served.url}/app/tables/{table.id}/display")
    _live(tv)
    served.stop()
    outcome = table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse(
            [{"deal": {"dealer": "cy", "trump": "7S"}}, {"player": "ana", "declare": "play"}]
        ),
    )
    served.start()
    # The browser reconnects by itself, and the page catches up with what it missed.
    tv.wait_for_selector(f'#board[data-version="{outcome.body["version"]}"]', timeout=15_000)
    _live(tv)
    assert tv.locator(".to-act-line").inner_text() == "ben to act"
    next_version = table_events_append(
        table_id=table.id,
        club=club,
        expected_version=outcome.body["version"],
        commands=commands_parse([{"player": "ben", "declare": "pass"}]),
    ).body["version"]
    tv.wait_for_selector(f'#board[data-version="{next_version}"]', timeout=WITHIN * 1000)
    tv.context.close()


def test_a_page_whose_stream_is_blocked_refreshes_itself(browser: Any, served: ServedSite) -> None:
    """As behind a proxy that holds the stream back: the page polls its fragment."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    tv = _signed_in(browser, served.url, make_member(club, "auditor"), TV)
    tv.route(re.compile(r"/live/tables/"), lambda route: route.abort())  # not /static/live/
    tv.goto(f"{served.url}/app/tables/{table.id}/display")
    tv.wait_for_selector("html[data-live=polling]", timeout=8_000)
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse([{"deal": {"dealer": "cy", "trump": "7S"}}]),
    )
    tv.wait_for_selector('#board:not([data-version="1"])', timeout=8_000)
    tv.context.close()


def test_the_display_and_the_players_view_fit_a_tv_a_tablet_and_a_phone(
    browser: Any, served: ServedSite
) -> None:
    """Nothing wider than the screen, the language buttons 44 px, at 1920x1080 (the display's
    TV), 768 and 390 px; mid-deal and once closed. The display's pictures are taken at the
    TV's size (docs/screenshots/display.png, display-closed.png): the helper shot them at
    768 px, so the README's 1080p pictures could not be remade and kept 32 px buttons."""
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
        commands=commands_parse(
            [{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"][:9]]
        ),
    )
    viewer = viewer_create(club=club, table=table, created_by="test")
    member = make_member(club, "auditor")
    for viewport in (TV, TV_720, TABLET, PHONE):
        tv = _signed_in(browser, served.url, member, viewport)
        tv.goto(f"{served.url}/app/tables/{table.id}/display")
        phone = tv.context.new_page()
        phone.goto(f"{served.url}/v/{viewer.token}")
        for page in (tv, phone):
            _live(page)
            _fits(page, viewport)
            assert page.locator(".trick .playing-card").count() >= 1
        # The README's pictures (docs/ui.md): the display on a TV and a tablet, the players'
        # view on a phone.
        if viewport is TV:
            _shot(tv, "display", viewport)
        elif viewport is TV_720:
            _shot(tv, "display-720", viewport)
        elif viewport is TABLET:
            screenshot(tv, "display-768", sizes={"": viewport})
        else:
            screenshot(phone, "players-view-390", sizes={"": viewport})
        tv.context.close()

    # Closed: the display says who pays whom, across the room.
    rest = [*deal["actions"][9:], {"close": {}}]
    version = Table.objects.get(id=table.id).snapshot.version
    table_events_append(
        table_id=table.id, club=club, expected_version=version, commands=commands_parse(rest)
    )
    tv = _signed_in(browser, served.url, member, TV)
    tv.goto(f"{served.url}/app/tables/{table.id}/display")
    _live(tv)
    tv.wait_for_selector("#board .transfers li")
    _fits(tv, TV)
    _shot(tv, "display-closed", TV)
    tv.context.close()


def _fits(page: Any, viewport: dict[str, int]) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"{page.url} is wider than {viewport['width']}"
    small = page.locator(".language-switch button").evaluate_all(
        """bs => bs.map(b => b.getBoundingClientRect())
             .filter(r => r.width < 44 || r.height < 44).map(r => `${r.width}x${r.height}`)"""
    )
    assert small == [], page.url


def _shot(page: Any, name: str, viewport: dict[str, int]) -> None:
    """The display's picture at its screen's size, checked to be that size."""
    screenshot(page, name, full_page=False, sizes={"": viewport})
    if SCREENSHOTS:
        assert png_size(Path(SCREENSHOTS) / f"{name}.png") == (
            viewport["width"],
            viewport["height"],
        )
