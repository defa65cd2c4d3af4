"""axe-core over every page of the app, at tablet and phone widths (issue 20.17): no
serious or critical violation; every control shows where the keyboard focus is."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club
from eventlog import read_stream
from games.services import commands_parse, table_create, table_events_append
from tests.clubs.helpers import make_club
from tests.tableapp.axe import axe_verified, serious_violations
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import case_table, make_member
from tests.tableapp.test_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"


@pytest.fixture
def axe_page(browser: Any) -> Iterator[Any]:
    """A page whose context lets the test inject axe past the app's CSP."""
    context = browser.new_context(viewport=TABLET, bypass_csp=True)
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def sitting(club: Club) -> dict[str, str]:
    """Tables at each screen a person meets: between deals, declaring, the card picker with
    a known hand, exchanging, and closed."""
    case = json.loads((CASES / "louisiana-04-known-hands-renege.json").read_text())
    transcript = case["transcript"]
    deal = transcript["deals"][0]
    header = {"dealer": deal["dealer"], "trump": deal["trump"], "hands": deal["hands"]}

    def table(name: str, events: list[Any]) -> str:
        made = table_create(
            club=club,
            name=name,
            variant="louisiana",
            players=transcript["players"],
            options=transcript["options"],
        )
        if events:
            table_events_append(
                table_id=made.id, club=club, expected_version=1, commands=commands_parse(events)
            )
        return str(made.id)

    declared = [a for a in deal["actions"] if "declare" in a]
    return {
        "new": table("New", []),
        "declaring": table("Declaring", [{"deal": header}]),
        "exchanging": table("Exchanging", [{"deal": header}, *declared]),
        "playing": table("Playing", [{"deal": header}, *deal["actions"][:11]]),
        "settled": table("Settled", [{"deal": header}, *deal["actions"]]),
        "closed": table("Closed", [{"deal": header}, *deal["actions"], {"close": {}}]),
    }


def app_pages(tables: dict[str, str]) -> list[str]:
    pages = ["/app/", "/app/?show=closed", "/app/standings/", "/app/members/"]
    for table in tables.values():
        pages.append(f"/app/tables/{table}/")
    settled, closed = tables["settled"], tables["closed"]
    pages += [
        f"/app/tables/{settled}/ruling",
        f"/app/tables/{settled}/audit",
        f"/app/tables/{settled}/close",
        f"/app/tables/{closed}/settle-up",
        "/app/no-such-page/",
    ]
    return pages


def test_the_pinned_axe_core_is_the_vendored_file() -> None:
    assert axe_verified().startswith("/*! axe v4.11.0")


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_no_serious_axe_violation_on_any_app_page(
    axe_page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    club = make_club()
    tables = sitting(club)
    axe_page.set_viewport_size(viewport)
    axe_page.goto(f"{live_server.url}/app/login/")
    found = {"/app/login/": serious_violations(axe_page)}
    sign_in(axe_page, live_server.url, make_member(club, "admin"))
    for path in app_pages(tables):
        axe_page.goto(f"{live_server.url}{path}")
        found[path] = serious_violations(axe_page)
    found = {path: v for path, v in found.items() if v}
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


#: Where the keyboard's focus is drawn: the control's own outline, or its label's for the
#: card grids' hidden radios.
FOCUS_SHOWN = """() => {
  const e = document.activeElement;
  const drawn = x => x && getComputedStyle(x).outlineStyle !== "none"
    && parseFloat(getComputedStyle(x).outlineWidth) >= 2;
  return drawn(e) || (e.type === "radio" && drawn(e.closest("label")));
}"""


def focused(page: Any, selector: str) -> bool:
    return bool(page.evaluate("s => document.activeElement.matches(s)", selector))


def tab_to(page: Any, selector: str, *, back: bool = False) -> None:
    """Tab (or Shift+Tab) until `selector` has the focus, and check that it shows."""
    for _ in range(120):
        if focused(page, selector):
            break
        page.keyboard.press("Shift+Tab" if back else "Tab")
    assert focused(page, selector), (selector, page.evaluate("document.activeElement.outerHTML"))
    assert page.evaluate(FOCUS_SHOWN), page.evaluate("document.activeElement.outerHTML")


def arrow_to(page: Any, selector: str, key: str = "ArrowRight") -> None:
    for _ in range(60):
        if focused(page, selector):
            break
        page.keyboard.press(key)
    assert focused(page, selector), page.evaluate("document.activeElement.outerHTML")
    assert page.evaluate(FOCUS_SHOWN)


def press(page: Any, key: str = "Enter") -> None:
    """Press a step's button and wait until the table moves on (once the new panel has
    settled: a key pressed just after a swap is taken for a double tap and dropped)."""
    before = page.get_attribute("#table", "data-version")
    page.wait_for_selector("#table:not(.settling)")
    page.keyboard.press(key)
    page.wait_for_selector(f'#table:not([data-version="{before}"])')
    page.wait_for_selector("#table:not(.settling)")


def play_by_keyboard(page: Any, card: str) -> None:
    """The card picker by arrow keys: Down to the card's suit, Right along it."""
    picker = "form[data-step=play] button.cardbtn"
    if not focused(page, picker):
        tab_to(page, picker)
    suit = f"{picker}[value$='{card[-1]}']"
    arrow_to(page, suit, "ArrowDown")
    arrow_to(page, f"{picker}[value='{card}']")
    press(page)


def test_a_whole_deal_by_keyboard_with_the_focus_always_shown(page: Any, live_server: Any) -> None:
    """Issue 20.17: the hidden-renege deal with two exchanges, from the dealer to the
    result, without the mouse: after each step the focus is on the next step's control."""
    club = make_club()
    table, transcript = case_table(club, "louisiana-01-hidden-renege", "Keyboard")
    deal = transcript["deals"][0]
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")

    tab_to(page, "input[name=dealer]")
    arrow_to(page, "input[name=dealer][value=dee]")
    tab_to(page, "input[name=trump]")
    arrow_to(page, "input[name=trump][value='7S']")
    tab_to(page, "form[data-step='start the deal'] button[type=submit]")
    press(page)
    assert page.locator(".seat[data-player=dee] .button-d").is_visible()

    for action in deal["actions"][:4]:  # the declarations: the focus is on the next one's
        assert focused(page, "form[data-step=declare] button")  # Play, or Pass after a pass
        tab_to(page, f"form[data-step=declare] button[value={action['declare']}]")
        press(page)
    assert focused(page, "form[data-step='exchange ana'] button")  # the first exchange
    # ana exchanges one card, naming them; cy two, unnamed; dee stands.
    ana = "form[data-step='exchange ana']"
    tab_to(page, f"{ana} summary")
    page.keyboard.press("Enter")  # open "The cards"
    tab_to(page, f"{ana} input[name=discard]")
    page.keyboard.type("9C")
    tab_to(page, f"{ana} input[name=draw]")
    page.keyboard.type("3C")
    tab_to(page, f"{ana} button[value='1']", back=True)
    press(page)
    tab_to(page, "form[data-step='exchange cy'] button[value='2']")
    press(page)
    for action in deal["actions"][4:]:
        play_by_keyboard(page, action["play"])
        if page.locator("form[data-step=play]").count():  # the next player's picker
            assert focused(page, "form[data-step=play] button.cardbtn")

    result = page.locator("section.result")
    assert "ana takes the pot: 4" in result.inner_text()
    assert "cy reneged" in page.locator(".rulings").inner_text()
    assert focused(page, "section.step[data-kind=deal] *")  # on to the next deal's form
    assert page.evaluate(FOCUS_SHOWN)
    logged = [e.type for e in read_stream(stream=table.stream, club=club.pk)]
    assert logged.count("CardsExchanged") == 2
