"""The room's screens (issue 39), each finding a test in English, French and Ukrainian:
the TV display laid out as a table that fits the screen, every ruling shown, and the
tablet's last stumbles."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from app_common.labels import status_words
from app_common.words import outcome_words, ruling_words
from games.selectors import table_board, table_get
from games.selectors.board import TOLD_KINDS
from games.services import commands_parse, table_events_append
from live.models import Viewer
from live.qr import qr_svg
from live.services import viewer_create, viewer_revoke
from tests.clubs.helpers import make_club
from tests.live.fixtures import served, served_site
from tests.live.server import ServedSite
from tests.tableapp.axe import serious_violations
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import CASES, case_table, make_member
from tests.tableapp.screens import (
    LANGUAGES,
    TV_720,
    TV_1080,
    display_url,
    in_language,
    layout_faults,
    night_table,
)
from tests.tableapp.test_overflow_sweep import _sign_in

__all__ = ["served", "served_site"]

pytestmark = pytest.mark.django_db(transaction=True)
#: A directory to save a picture of each display the layout test checks.
SHOTS = os.environ.get("BOURRE_SCREENS_SHOTS")


@pytest.fixture
def tv(browser: Any) -> Any:
    context = browser.new_context(viewport=TV_1080)
    context.set_default_timeout(15_000)
    try:
        yield context
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_1_the_display_fits_a_tv_with_2_to_8_players_and_long_names(
    tv: Any, live_server: Any, language: str
) -> None:
    """At 1280x720 and 1920x1080, with 2, 5 and 8 players named with 40 characters,
    mid-trick, between deals and once closed: nothing outside the screen, no box over
    another (with 5 players the trick sat below the screen's edge, at 1280x720 off it)."""
    club = make_club()
    in_language(tv, live_server.url, language)
    page = tv.new_page()
    found: dict[str, list[str]] = {}
    for count in (2, 5, 8):
        for moment in ("trick", "between", "closed"):
            table = night_table(club, count, moment)
            url = display_url(live_server.url, club, table)
            for size in (TV_720, TV_1080):
                page.set_viewport_size(size)
                page.goto(url)
                page.locator("#board .felt").wait_for()
                where = f"{count} players, {moment}, {size['width']}x{size['height']}"
                if moment == "trick":
                    assert page.locator("#board .felt .played").count() >= 1, where
                faults = layout_faults(page)
                if faults:
                    found[where] = faults
                if SHOTS:
                    Path(SHOTS).mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=f"{SHOTS}/{language}-{count}-{moment}-{size['width']}.png")
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_2_the_invitation_on_the_display_follows_live(
    browser: Any, served: ServedSite, language: str
) -> None:
    """A players' link made after the display opened appears on it (its QR code and code),
    the newest one; a revoked one goes; without a reload (they changed only on reload)."""
    club = make_club()
    table = night_table(club, 4, "trick", hands=False)
    context = browser.new_context(viewport=TV_1080)
    context.set_default_timeout(15_000)
    in_language(context, served.url, language)
    tv = context.new_page()
    tv.goto(display_url(served.url, club, table))
    tv.wait_for_selector("html[data-live=live]")
    assert tv.locator(".join-corner").count() == 0

    def shows(code: str | None) -> None:
        if code is None:
            tv.wait_for_selector(".join-corner", state="detached", timeout=5_000)
            return
        tv.wait_for_function(
            "code => (document.querySelector('.join-corner .code') || {}).textContent === code",
            arg=code,
            timeout=5_000,
        )
        url = f"{served.url}/v/{Viewer.objects.get(code=code).token}"
        modules = re.search(r'class="qrline"[^>]* d="([^"]+)"', qr_svg(url))
        assert modules is not None
        assert tv.locator(".join-corner .qr path.qrline").get_attribute("d") == modules[1]

    first = viewer_create(club=club, table=table, created_by="test")
    shows(first.code)
    second = viewer_create(club=club, table=table, created_by="test")
    shows(second.code)  # the newest
    viewer_revoke(viewer=second)
    shows(first.code)
    viewer_revoke(viewer=first)
    shows(None)
    assert tv.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload
    context.close()


def _case_deal(club: Any, case: str, deals: int = 1) -> tuple[Any, dict[str, Any]]:
    """A table of the conformance case with its first `deals` deals logged."""
    table, transcript = case_table(club, case, "Mardi")
    events = []
    for deal in transcript["deals"][:deals]:
        header = {k: deal[k] for k in ("dealer", "trump", "hands") if k in deal}
        events += [{"deal": header}, *deal["actions"]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    return table, transcript


def _told(case: str, language: str, *, closed: bool = False) -> list[str]:
    """The first deal's rulings a room is told, in `language`, as the case rules them."""
    document = json.loads((CASES / f"{case}.json").read_text())
    actions = document["transcript"]["deals"][0]["actions"]
    rulings = document["expected"]["deals"][0]["rulings"]
    with translation.override(language):
        return [
            ruling_words(r, actions, variant="louisiana", closed=closed)
            for r in rulings
            if r["kind"] in TOLD_KINDS
        ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_4_the_display_and_the_phones_tell_every_ruling_of_the_deal(
    browser: Any, live_server: Any, language: str
) -> None:
    """A deal with a renege, a win and a bourré: the TV and the phones said only the last
    ruling ("Ana est bourré…"); now each, in order. Once closed, nothing says "into the next
    pot" (there is none): what would have gone there went into the pot the close shared."""
    club = make_club()
    table, _ = _case_deal(club, "louisiana-03-cinch-retract")
    context = browser.new_context(viewport=TV_1080)
    in_language(context, live_server.url, language)
    tv = context.new_page()
    tv.goto(display_url(live_server.url, club, table))
    phone = context.new_page()
    phone.set_viewport_size(PHONE)
    viewer = viewer_create(club=club, table=table, created_by="test")
    phone.goto(f"{live_server.url}/v/{viewer.token}")
    told = _told("louisiana-03-cinch-retract", language)
    assert len(told) == 3  # the renege, the win, the bourré
    assert tv.locator("#board .felt .ruling").all_inner_texts() == told
    assert phone.locator("#board .told .ruling").all_inner_texts() == told

    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=table_get(club=club, table_id=table.id).snapshot.version,
        commands=commands_parse([{"close": {}}]),
    )
    closed = _told("louisiana-03-cinch-retract", language, closed=True)
    with translation.override(language):
        next_pot = ngettext(
            "; pays %(amount)d into the next pot", "; pays %(amount)d into the next pot", 3
        ) % {"amount": 3}
    for page in (tv, phone):
        page.reload()
        page.locator("#board .transfers").wait_for()
        assert next_pot.strip(" ;\xa0") not in page.locator("#board").inner_text()
    assert phone.locator("#board .told .ruling").all_inner_texts() == closed
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_7_a_tv_opens_the_display_by_its_own_link_with_no_account(
    browser: Any, live_server: Any, language: str
) -> None:
    """The display needed a member's sign-in, which then stayed on a public screen: a
    display link (made on the viewer links page) opens it read-only, its code typed at
    /join too; revoked, it ends; the members' display still asks who is signed in."""
    club = make_club()
    table = night_table(club, 4, "trick", hands=False)
    member = make_member(club, "scorekeeper")
    member.language = language
    member.save(update_fields=["language"])
    tablet = browser.new_context(viewport=TABLET).new_page()
    _sign_in(tablet, live_server.url, member)
    tablet.goto(f"{live_server.url}/app/tables/{table.id}/viewers")
    tablet.click("form:has(input[name=kind][value=display]) button[type=submit]")
    link = tablet.locator("section.display-link")
    code = link.get_attribute("data-code")
    url = link.locator("a[href*='/d/']").get_attribute("href")

    context = browser.new_context(viewport=TV_1080)  # the TV: no cookie, no account
    in_language(context, live_server.url, language)
    tv = context.new_page()
    assert tv.goto(url).status == 200
    assert tv.locator("#board .seat").count() == 4
    assert tv.locator("form[method=post]:not(.language-switch)").count() == 0  # read-only
    assert tv.request.post(url).status in (403, 405)  # no form to post, nothing to take
    assert tv.goto(f"{live_server.url}/app/tables/{table.id}/display").url.startswith(
        f"{live_server.url}/app/login/"
    )
    tv.goto(f"{live_server.url}/join")
    tv.fill("input[name=code]", code.lower())
    tv.click("form[action$='/join'] button[type=submit]")
    tv.wait_for_url(url)

    tablet.click(f"section.display-link[data-code='{code}'] button.danger")
    tablet.click("section.confirm button[name=confirm]")
    tablet.locator(".notice").wait_for()
    assert tv.goto(url).status == 404
    with translation.override(language):
        assert tv.locator("h1").inner_text() == gettext("This link has ended")
    for page in (tablet, tv):
        page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_12_between_deals_the_seats_say_what_the_deal_did_to_each(
    browser: Any, live_server: Any, language: str
) -> None:
    """They still said "joue" / "a passé", the deal over: now who took the pot, who is
    bourré, each one's tricks (a pass is still a pass)."""
    club = make_club()
    table = night_table(club, 5, "between", hands=False)
    board = table_board(table=table)
    with translation.override(language):
        said = {
            s.player: " · ".join(outcome_words(o.kind, o.amount) for o in s.outcomes)
            for s in board.seats
        }
        playing = status_words("playing")
    assert any(o.kind == "won" for s in board.seats for o in s.outcomes)
    context = browser.new_context(viewport=TV_1080)
    in_language(context, live_server.url, language)
    tv = context.new_page()
    tv.goto(display_url(live_server.url, club, table))
    for player, words in said.items():
        seat = tv.locator(
            f"#board .seat[data-player={json.dumps(player, ensure_ascii=False)}] .status"
        )
        assert seat.inner_text() == words
        assert playing not in seat.inner_text()
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_names_under_the_trick_cards_read_on_the_tv_and_a_phone(
    browser: Any, live_server: Any, language: str
) -> None:
    """On the phones a trick card's name was 9 px and cut inside the card, on the TV it ran
    out of it: now under the card, at least 14 px on a phone, inside the card's column."""
    club = make_club()
    table = night_table(club, 8, "trick", hands=False)
    viewer = viewer_create(club=club, table=table, created_by="test")
    context = browser.new_context(viewport=PHONE)
    in_language(context, live_server.url, language)
    page = context.new_page()
    for url, size in ((f"{live_server.url}/v/{viewer.token}", PHONE),
                      (display_url(live_server.url, club, table), TV_720)):  # fmt: skip
        page.set_viewport_size(size)
        page.goto(url)
        names = page.locator("#board .played .by")
        assert names.count() >= 4
        faults = names.evaluate_all(NAME_FAULTS)
        assert faults == [], (url, faults)
    context.close()


#: A name under a card smaller than 14 px, wider than its card's column, or cut sideways
#: (the TV's two lines at most are meant: the name is whole on its seat).
NAME_FAULTS = """names => names.flatMap(n => {
  const r = n.getBoundingClientRect(), c = n.closest('.played').getBoundingClientRect();
  const size = parseFloat(getComputedStyle(n).fontSize), out = [];
  if (size < 14) out.push(`${n.textContent}: ${size} px`);
  if (r.left < c.left - 0.5 || r.right > c.right + 0.5) out.push(`${n.textContent}: wider`);
  if (n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).webkitLineClamp === 'none')
    out.push(`${n.textContent}: cut`);
  return out;
})"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_11_the_live_pages_pass_axe_a_wrong_code_included(
    browser: Any, live_server: Any, language: str
) -> None:
    """axe found #code-error (#ff6b6b on the felt, 4.42:1) on /join with a wrong code: every
    live page is clean now, in each language: /join, a wrong code, the display (mid-deal and
    closed), the players' view, the viewer links with a revoke being confirmed."""
    club = make_club()
    playing = night_table(club, 5, "trick", hands=False)
    closed = night_table(club, 5, "closed", hands=False)
    viewer = viewer_create(club=club, table=playing, created_by="test")
    member = make_member(club, "scorekeeper")
    member.language = language
    member.save(update_fields=["language"])
    context = browser.new_context(viewport=TV_1080, bypass_csp=True)
    in_language(context, live_server.url, language)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    pages = {
        "/join": PHONE,
        "/join?code=NOPE42": PHONE,
        f"/v/{viewer.token}": PHONE,
        display_url(live_server.url, club, playing).removeprefix(live_server.url): TV_1080,
        display_url(live_server.url, club, closed).removeprefix(live_server.url): TV_1080,
    }
    for path, size in pages.items():
        page.set_viewport_size(size)
        page.goto(f"{live_server.url}{path}")
        found[path] = serious_violations(page)
    page.set_viewport_size(TABLET)
    _sign_in(page, live_server.url, member)
    page.goto(f"{live_server.url}/app/tables/{playing.id}/viewers")
    page.click(f"section.viewer-link[data-code='{viewer.code}'] button.danger")
    page.locator("section.confirm").wait_for()
    found["viewers, confirming"] = serious_violations(page)
    found = {path: v for path, v in found.items() if v}
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    context.close()
