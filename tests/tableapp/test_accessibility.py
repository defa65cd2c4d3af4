"""axe-core over every page of the app, at tablet and phone widths (issue 20.17): no
serious or critical violation; every control shows where the keyboard focus is."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club
from games.services import table_create, table_events_append
from tests.clubs.helpers import make_club
from tests.tableapp.axe import axe_verified, serious_violations
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import make_member
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
            table_events_append(table_id=made.id, club=club, expected_version=1, events=events)
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


def test_the_trump_grid_shows_the_keyboard_focus_and_a_deal_starts_by_keyboard(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    page.locator("input[name=ante]").focus()
    for _ in range(10):  # Tab on to the trump grid
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "trump":
            break
    assert page.evaluate("document.activeElement.name") == "trump"
    outline = page.evaluate(
        "getComputedStyle(document.activeElement.closest('label')).outlineStyle"
    )
    assert outline != "none"
    page.keyboard.press("ArrowRight")  # the next card of the row
    page.keyboard.press("Space")
    chosen = page.evaluate("document.querySelector('input[name=trump]:checked').value")
    before = page.get_attribute("#table", "data-version")
    page.locator("form[data-step='start the deal'] button[type=submit]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#table:not([data-version="{before}"])')
    assert chosen
    assert page.locator("form[data-step=declare]").count() == 1
