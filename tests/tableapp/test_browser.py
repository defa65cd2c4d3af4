"""The app in a real browser (Debian's chromium through Playwright), served by the live
server: sign in, create a table, log a whole louisiana deal by tapping (a renege proven
later, an undo, a double tap, a step queued while offline), and the roles' limits."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club, Member
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from live.services import viewer_create
from tests.clubs.helpers import client_for, make_club, make_key
from tests.tableapp.browser import PHONE, SCREENSHOTS, screenshot
from tests.tableapp.helpers import PASSWORD, make_member

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"
HIDDEN_RENEGE = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())


def sign_in(page: Any, base: str, member: Member) -> None:
    page.goto(f"{base}/app/")
    assert "/app/login/" in page.url
    page.fill("input[name=username]", member.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("button:has-text('Sign in')")
    page.wait_for_url(f"{base}/app/")


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def tap(page: Any, selector: str, *, double: bool = False) -> None:
    """Tap a step's button and wait until the table has moved on."""
    before = version(page)
    button = page.locator(selector)
    button.dblclick() if double else button.click()
    page.wait_for_selector(f'#table:not([data-version="{before}"])')


def log_action(page: Any, action: dict[str, Any], *, double: bool = False) -> None:
    if "declare" in action:
        tap(page, f"form[data-step=declare] button[value='{action['declare']}']")
    else:
        tap(page, f"form[data-step=play] button[value='{action['play']}']", double=double)


def seeded_table(club: Club) -> str:
    """A table holding the hidden-renege deal, logged through the services."""
    transcript = HIDDEN_RENEGE["transcript"]
    table = table_create(
        club=club,
        name="Seeded",
        variant="louisiana",
        players=transcript["players"],
        options=transcript["options"],
    )
    deal = transcript["deals"][0]
    events = [{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    return str(table.id)


def test_a_whole_deal_logged_by_tapping(page: Any, live_server: Any) -> None:
    base = live_server.url
    club = make_club()
    sign_in(page, base, make_member(club, "scorekeeper"))

    page.fill("input[name=name]", "Table 1")
    page.fill("textarea[name=players]", "ana\nben\ncy\ndee")
    page.click("button:has-text('Create the table')")
    page.wait_for_url(re.compile(r"/app/tables/[0-9a-f-]+/$"))
    table_id = page.url.rstrip("/").split("/")[-1]

    page.check("input[name=dealer][value=dee]")
    page.click(".trump-picker label:has(input[value='7S'])")
    tap(page, "button:has-text('Start the deal')")
    assert page.locator(".seat[data-player=dee] .button-d").is_visible()

    actions = HIDDEN_RENEGE["transcript"]["deals"][0]["actions"]
    for action in actions[:5]:  # declarations, ana leads AS
        log_action(page, action)
    # cy's card is mis-tapped (the 9♠ for the 4♠), then undone with one tap (issue 20.5).
    tap(page, "form[data-step=play] button[value='9S']")
    undo = page.locator("form[data-step=undo] button[type=submit]")
    assert undo.inner_text() == "Undo: cy plays 9♠"
    tap(page, "form[data-step=undo] button[type=submit]")
    assert page.locator(".notice.undone").inner_text() == "Undone: cy plays 9♠"
    assert page.locator("form[data-step=play] button[value='9S']").is_enabled()
    assert page.locator("form[data-step=play] button[value='AS']").is_disabled()  # seen

    log_action(page, actions[5], double=True)  # a double tap logs once
    for action in actions[6:14]:
        log_action(page, action)
    assert page.locator(".ruling:has-text('reneged')").count() == 0  # not proven yet
    log_action(page, actions[14])  # cy shows the 9♥: the renege in trick 3 is proven
    ruling = page.locator(".ruling:has-text('reneged')")
    assert ruling.inner_text() == (
        "cy reneged in trick 3 with the 6♣: could follow suit, "
        "proven when cy showed the 9♥; pays 4 into the next pot"
    )
    if SCREENSHOTS:  # with the players' QR code below the panel, as at a real table
        viewer_create(club=club, table=Table.objects.get(id=table_id), created_by="test")
        page.reload()
    screenshot(page, "table-screen")
    for action in actions[15:]:
        log_action(page, action)
    assert page.locator(".ruling:has-text('ana takes the pot: 4')").is_visible()
    assert page.locator("section.step h2").inner_text().startswith("Start deal 2")

    # The ruling page and GET /ruling both equal the conformance case.
    page.goto(f"{base}/app/tables/{table_id}/ruling")
    shown = json.loads(page.locator("#ruling-json").text_content())
    assert shown == HIDDEN_RENEGE["expected"]
    api = client_for(make_key(club, "auditor")[1])
    assert api.get(f"/api/v1/tables/{table_id}/ruling").json() == HIDDEN_RENEGE["expected"]


def test_a_step_sent_while_offline_stays_queued_until_sent(page: Any, live_server: Any) -> None:
    club = make_club()
    table_id = str(
        table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"]).id
    )
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table_id}/")
    page.click(".trump-picker label:has(input[value='7S'])")
    page.context.set_offline(True)
    page.click("button:has-text('Start the deal')")
    queued = page.locator("#queue li")
    queued.filter(has_text="not sent").wait_for()
    queued.locator("button:has-text('Discard')").click()  # changed their mind
    page.wait_for_selector("#queue", state="hidden")
    page.click("button:has-text('Start the deal')")
    queued.filter(has_text="not sent").wait_for()
    queued.locator("button:has-text('Send again')").click()  # still offline: still queued
    queued.filter(has_text="not sent").wait_for()
    assert version(page) == 1  # nothing logged, the step is kept on screen
    page.context.set_offline(False)  # back online, the queue is sent on its own
    page.wait_for_selector("#queue", state="hidden")
    assert version(page) > 1
    assert page.locator("section.step h2").inner_text() == "ben: play or pass?"


def test_an_auditor_sees_the_pot_chart_and_cannot_log(page: Any, live_server: Any) -> None:
    club = make_club()
    table_id = seeded_table(club)
    sign_in(page, live_server.url, make_member(club, "auditor"))
    page.goto(f"{live_server.url}/app/tables/{table_id}/audit")
    assert page.locator("svg.chart:not(.phone) polyline[data-series=pot]").is_visible()
    assert page.locator("svg.chart:not(.phone)[aria-label^='The pot'] line.deal").count() == 1
    assert page.locator("#audit-result").inner_text().startswith("✔")
    page.click("button:has-text('Run the audit again')")
    page.locator("#audit-result").wait_for()
    screenshot(page, "auditor", full_page=False)

    page.goto(f"{live_server.url}/app/tables/{table_id}/")
    assert page.locator("form[data-step]").count() == 0
    refused = page.request.post(
        f"{live_server.url}/app/tables/{table_id}/step",
        form={"expected_version": "1", "step": "undo", "reason": "x"},
        headers={"X-CSRFToken": page.context.cookies()[0]["value"]},
    )
    assert refused.status == 403


def test_another_clubs_member_gets_404(page: Any, live_server: Any) -> None:
    table_id = seeded_table(make_club())
    sign_in(page, live_server.url, make_member(make_club(), "admin"))
    response = page.goto(f"{live_server.url}/app/tables/{table_id}/")
    assert response.status == 404


def test_the_table_screen_fits_a_phone(page: Any, live_server: Any) -> None:
    club = make_club()
    table_id = seeded_table(club)
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table_id}/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    box = page.locator(".trump-picker label.cardbtn").first.bounding_box()
    assert box["width"] >= 44
    assert box["height"] >= 44  # a finger-sized target


def watch(page: Any, base: str) -> Callable[[], None]:
    """Record what the page fetches; the returned check asserts that everything it got
    came from `base` and anything else was stopped by its Content-Security-Policy."""
    answered: list[str] = []
    blocked: list[tuple[str, str | None]] = []
    page.on("response", lambda response: answered.append(response.url))
    page.on("requestfailed", lambda request: blocked.append((request.url, request.failure)))

    def check() -> None:
        page.wait_for_load_state("networkidle")
        ours = (base, f"blob:{base}")  # a blob: is the page's own worker
        assert answered
        assert [url for url in answered if not url.startswith(ours)] == []
        for url, failure in blocked:
            assert "csp" in (failure or "").lower(), (url, failure)

    return check


def test_swagger_ui_and_redoc_render_from_our_own_assets(page: Any, live_server: Any) -> None:
    check = watch(page, live_server.url)
    page.goto(f"{live_server.url}/api/docs/")
    page.locator(".swagger-ui .info .title").wait_for()
    assert "Bourré referee API" in page.locator(".swagger-ui .info .title").inner_text()
    check()
    screenshot(page, "swagger-ui", full_page=False)
    page.goto(f"{live_server.url}/api/redoc/")
    # ReDoc lays the whole schema out before showing it: slow on a busy machine.
    page.get_by_role("heading", name=re.compile("Bourré referee API")).first.wait_for(
        timeout=30_000
    )
    check()  # ReDoc's logo comes from here (tableapp/views/errors.py): nothing is blocked


def test_another_devices_step_shows_up_without_a_reload(page: Any, live_server: Any) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    # Another device starts the deal.
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse([{"deal": {"dealer": "cy", "trump": "7S"}}]),
    )
    page.wait_for_selector('#table:not([data-version="1"])', timeout=8_000)
    assert page.locator("section.step h2").inner_text() == "ana: play or pass?"


def test_a_known_hand_shows_legal_cards_and_each_refusals_obligation(
    page: Any, live_server: Any
) -> None:
    case = json.loads((CASES / "louisiana-04-known-hands-renege.json").read_text())
    transcript = case["transcript"]
    deal = transcript["deals"][0]
    club = make_club()
    table = table_create(
        club=club,
        name="Known hands",
        variant="louisiana",
        players=transcript["players"],
        options=transcript["options"],
    )
    header = {"dealer": deal["dealer"], "trump": deal["trump"], "hands": deal["hands"]}
    # Up to cy's turn in trick 3 (ana has led the Q♥).
    events = [{"deal": header}, *deal["actions"][:11]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    picker = page.locator("form[data-step=play]")
    assert picker.locator("button.allowed").evaluate_all("bs => bs.map(b => b.value)") == [
        "JH", "9H"
    ]  # fmt: skip
    six = picker.locator("button[value='6C']")
    assert "refused" in six.get_attribute("class")
    assert six.inner_text().endswith("must follow suit")
    assert picker.locator("button[value='AS']").is_disabled()  # seen
    assert picker.locator("button[value='KD']").is_disabled()  # not in cy's hand
    screenshot(page, "known-hand", full_page=False)


def test_a_step_after_another_device_logged_first_reloads_and_says_so(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.route("**/panel?*", lambda route: route.abort())  # this tablet misses the news
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    table_events_append(  # another device starts the deal
        table_id=table.id, club=club, expected_version=1,
        commands=commands_parse([{"deal": {"dealer": "cy", "trump": "7S"}}]),
    )  # fmt: skip
    page.click(".trump-picker label:has(input[value='9H'])")
    tap(page, "button:has-text('Start the deal')")
    assert "Another device logged first" in page.locator(".notice.conflict").inner_text()
    assert page.locator("section.step h2").inner_text() == "ana: play or pass?"
    api = client_for(make_key(club, "auditor")[1])
    transcript = api.get(f"/api/v1/tables/{table.id}/transcript").json()
    assert [d["trump"] for d in transcript["deals"]] == ["7S"]  # the stale step: not logged


def test_a_second_tap_landing_on_the_next_screen_is_ignored(page: Any, live_server: Any) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    table_events_append(
        table_id=table.id, club=club, expected_version=1,
        commands=commands_parse([{"deal": {"dealer": "cy", "trump": "7S"}}]),
    )  # fmt: skip
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    play = page.locator("form[data-step=declare] button[value='play']")
    box = play.bounding_box()
    tap(page, "form[data-step=declare] button[value='play']")  # ana plays
    after = version(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the stray tap
    page.wait_for_timeout(600)
    assert version(page) == after
    assert page.locator("section.step h2").inner_text() == "ben: play or pass?"
