"""Issue 20, tapped in a real browser: each stumble of the scorekeeper's night, fixed as
the person at the table expects it (one test an item; each failed before its change)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import case_table, make_member
from tests.tableapp.test_browser import sign_in, tap

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"


def dealt_table(club: Club, *events: dict[str, Any]) -> str:
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    deal = {"deal": {"dealer": "cy", "trump": "7S"}}
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse([deal, *events])
    )
    return str(table.id)


def open_table(page: Any, base: str, club: Club, table_id: str) -> None:
    sign_in(page, base, make_member(club, "scorekeeper"))
    page.goto(f"{base}/app/tables/{table_id}/")


def test_3_an_empty_join_is_refused_in_words_at_the_field_the_panel_open(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    open_table(page, live_server.url, club, str(table.id))
    page.click("details.sitting summary")
    page.fill("form[data-step=join] input[name=player]", "  ")
    page.click("form[data-step=join] button[type=submit]")
    error = page.locator("form[data-step=join] .error[data-field='join.player']")
    error.wait_for()
    assert error.inner_text() == "Type the new player's name."
    assert page.locator("details.sitting").get_attribute("open") is not None
    assert page.locator(".table-panel > p.error").count() == 0  # nothing at the top


def test_3_a_refused_exchange_keeps_the_typed_cards_in_words(page: Any, live_server: Any) -> None:
    club = make_club()
    declared = [{"player": p, "declare": "play"} for p in ("ana", "ben", "cy")]
    table_id = dealt_table(club, *declared)
    open_table(page, live_server.url, club, table_id)
    form = page.locator("form[data-step='exchange ana']")
    form.locator("summary").click()
    form.locator("input[name=discard]").fill("2D 3C")
    form.locator("button[name=count][value='3']").click()
    form = page.locator("form[data-step='exchange ana']")
    error = form.locator(".error[data-field=exchange]")
    error.wait_for()
    assert "discard:" not in error.inner_text()
    assert error.inner_text()[0].isupper()
    assert form.locator("input[name=discard]").input_value() == "2D 3C"


def test_5_undo_is_one_tap_that_says_what_it_undoes_apart_from_the_retract(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    declared = [{"player": p, "declare": "play"} for p in ("ana", "ben", "cy")]
    table_id = dealt_table(club, *declared, {"player": "ana", "play": "4H"})
    open_table(page, live_server.url, club, table_id)
    undo = page.locator("section.undo form[data-step=undo] button[type=submit]")
    assert undo.inner_text() == "Undo: ana plays 4♥"
    retract = page.locator("section.retract")
    assert retract.locator("h2").inner_text() == "Rules correction"
    assert retract.locator("form[data-step=undo]").count() == 0
    tap(page, "section.undo form[data-step=undo] button[type=submit]")  # no reason typed
    assert page.locator(".notice.undone").inner_text() == "Undone: ana plays 4♥"


def test_6_a_card_the_logged_hand_refuses_is_called_a_renege_at_once(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    table, transcript = case_table(club, "louisiana-04-known-hands-renege", "Known hands")
    deal = transcript["deals"][0]
    header = {"dealer": deal["dealer"], "trump": deal["trump"], "hands": deal["hands"]}
    events = [{"deal": header}, *deal["actions"][:11]]  # cy to play in trick 3
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    open_table(page, live_server.url, club, str(table.id))
    tap(page, "form[data-step=play] button[value='6C']")
    assert page.locator(".warning").inner_text() == (
        "cy could have followed suit: a renege unless taken back before the next card"
    )


def test_7_a_player_who_declared_play_reads_playing(page: Any, live_server: Any) -> None:
    club = make_club()
    open_table(page, live_server.url, club, dealt_table(club))
    tap(page, "form[data-step=declare] button[value=play]")
    assert page.locator(".seat[data-player=ana] .status").inner_text() == "playing"


def test_1_new_table_on_top_then_a_page_of_open_tables(page: Any, live_server: Any) -> None:
    from tests.tableapp.test_tables_list import cloned

    club = make_club()
    cloned(club, 30)
    cloned(club, 2, closed=True)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    create = page.locator("#create").bounding_box()
    listing = page.locator("#tables-h").bounding_box()
    assert create["y"] < listing["y"]
    assert create["y"] < 844  # in view without scrolling
    rows = page.locator("table.list tbody tr")
    assert rows.count() == 25
    assert "closed" not in page.locator("table.list").inner_text()
    page.click("a[rel=next]")
    assert rows.count() == 6
    page.click("nav.filter a:has-text('Closed')")
    assert rows.count() == 3


def test_2_a_refused_create_shows_every_error_in_view_with_what_was_typed(
    page: Any, live_server: Any
) -> None:
    sign_in(page, live_server.url, make_member(make_club(), "scorekeeper"))
    page.fill("input[name=name]", "Friday")
    page.fill("textarea[name=players]", "ana\nben\nana")
    page.fill("input[name=opt_louisiana_ante]", "-2")
    page.fill("input[name=opt_louisiana_max_exchange]", "9")
    page.click("button:has-text('Create the table')")
    page.wait_for_load_state()
    errors = page.locator("#create .error:visible")
    assert errors.count() == 3
    for field in ("players", "opt_louisiana_ante", "opt_louisiana_max_exchange"):
        assert page.locator(f".error[data-field={field}]").is_visible()
    first = errors.first.bounding_box()
    viewport = page.viewport_size
    assert 0 <= first["y"] <= viewport["height"]  # in view, not above the fold's top
    assert page.input_value("input[name=name]") == "Friday"
    assert page.input_value("textarea[name=players]") == "ana\nben\nana"
    assert page.input_value("input[name=opt_louisiana_ante]") == "-2"


#: What a finger taps: every one at least 44 px tall (and buttons as wide).
TARGETS = (
    "button:visible, summary:visible, a.button:visible, .bar a:visible, nav a:visible, "
    "input:not([type=hidden]):not([type=radio]):not([type=checkbox]):visible, select:visible, "
    "label.cardbtn:visible, label.choice:visible"
)


def small_targets(page: Any) -> list[str]:
    return page.locator(TARGETS).evaluate_all(
        """els => els.map(e => [e, e.getBoundingClientRect()])
             .filter(([e, r]) => r.height < 44 || (e.tagName === 'BUTTON' && r.width < 44))
             .map(([e, r]) =>
               `${e.tagName} ${e.textContent.trim().slice(0, 30)} ${r.width}x${r.height}`)"""
    )


def test_16_on_a_phone_the_next_card_is_in_view_and_every_target_44_px(
    page: Any, live_server: Any
) -> None:
    from tests.tableapp.test_browser import PHONE

    club = make_club()
    table, transcript = case_table(club, "louisiana-04-known-hands-renege", "Known hands")
    deal = transcript["deals"][0]
    header = {"dealer": deal["dealer"], "trump": deal["trump"], "hands": deal["hands"]}
    events = [{"deal": header}, *deal["actions"][:11]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    page.set_viewport_size(PHONE)
    open_table(page, live_server.url, club, str(table.id))
    first = page.locator("form[data-step=play] button.cardbtn").first.bounding_box()
    assert first["y"] + first["height"] <= PHONE["height"], first
    assert small_targets(page) == []
    for toggle in ("details.sitting summary", "section.undo summary"):
        if page.locator(toggle).count():
            assert page.locator(toggle).bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


#: Five players with long names (the issue's phone had five seats).
FIVE = {"a": "Anastasia", "b": "Benoît", "c": "Cyrille", "d": "Dominique", "e": "Évelyne"}


def test_16_with_five_seats_the_next_card_is_in_view_on_a_phone(
    page: Any, live_server: Any
) -> None:
    from tests.tableapp.test_browser import PHONE

    transcript = json.loads((CASES / "louisiana-02-tie-bourre-lone.json").read_text())["transcript"]
    deal = transcript["deals"][0]
    club = make_club()
    table = table_create(
        club=club, name="Five seats", variant="louisiana", players=list(FIVE.values())
    )
    header = {"dealer": FIVE[deal["dealer"]], "trump": deal["trump"]}
    played = [{**a, "player": FIVE[a["player"]]} for a in deal["actions"][:7]]  # mid-trick
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse([{"deal": header}, *played]),
    )
    page.set_viewport_size(PHONE)
    open_table(page, live_server.url, club, str(table.id))
    seats = page.locator("ol.seats > li")
    assert seats.count() == 5
    assert seats.last.bounding_box()["y"] < 500  # a compact strip, not a column of five
    # Who plays and the whole first suit of the picker, without scrolling.
    heading = page.locator("section.step[data-kind=play] h2")
    assert heading.inner_text() == "Cyrille plays"
    assert heading.bounding_box()["y"] >= 0
    spades = page.locator("form[data-step=play] .suit-row").first.locator("button.cardbtn")
    assert spades.count() == 13
    last = spades.last.bounding_box()
    assert last["y"] + last["height"] <= PHONE["height"], last
    assert page.evaluate("window.scrollY") == 0
    assert small_targets(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_16_the_statement_reads_on_a_phone_without_sideways_scrolling(
    page: Any, live_server: Any
) -> None:
    from tests.tableapp.test_browser import PHONE

    club = make_club()
    table, transcript = case_table(club, "louisiana-01-hidden-renege", "Night")
    deal = transcript["deals"][0]
    header = {"dealer": deal["dealer"], "trump": deal["trump"]}
    events = [{"deal": header}, *deal["actions"], {"close": {}}]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url, make_member(club, "auditor"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/settle-up")
    net = page.locator("tr[data-player=ana] td[data-label=net]")
    box = net.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]  # the net column is on screen
    region = page.locator(".statements .scroll")
    assert region.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert small_targets(page) == []


def test_14_error_pages_are_the_apps_with_a_way_back_and_a_favicon(
    page: Any, live_server: Any
) -> None:
    asked: list[str] = []
    page.on("response", lambda response: asked.append(f"{response.status} {response.url}"))
    club = make_club()
    page.goto(f"{live_server.url}/app/login/")
    hint = page.locator(".hint").inner_text()
    assert "ask your club's admin" in hint.lower()
    assert "manage.py" not in page.content()
    sign_in(page, live_server.url, make_member(club, "auditor"))
    response = page.goto(f"{live_server.url}/app/no-such-page/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Not found"
    page.click("a:has-text('Back to the tables')")
    page.wait_for_url(f"{live_server.url}/app/")
    other = table_create(club=make_club(), name="T", variant="louisiana", players=["a", "b", "c"])
    response = page.goto(f"{live_server.url}/app/tables/{other.id}/")
    assert response.status == 404
    assert page.locator("a:has-text('Back to the tables')").is_visible()
    response = page.goto(f"{live_server.url}/app/members/")  # an auditor: not allowed
    assert response.status == 403
    assert page.locator("a:has-text('Back to the tables')").is_visible()
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(f"{live_server.url}{icon}").status == 200
    assert page.request.get(f"{live_server.url}/favicon.ico").status == 200
    assert not [a for a in asked if a.startswith("404") and "favicon" in a]


def test_15_redoc_asks_no_other_host_and_logs_no_console_error(page: Any, live_server: Any) -> None:
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/api/redoc/")
    page.locator("h1").first.wait_for(timeout=30_000)
    page.wait_for_load_state("networkidle")
    ours = (live_server.url, f"blob:{live_server.url}")  # a blob: is the page's own worker
    assert [url for url in requests if not url.startswith(ours)] == []
    assert errors == []


def hidden_renege_table(club: Club, *, close: bool = False, leave: str | None = None) -> str:
    case = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())
    transcript = case["transcript"]
    deal = transcript["deals"][0]
    table = table_create(
        club=club,
        name="Night",
        variant="louisiana",
        players=transcript["players"],
        options=transcript["options"],
    )
    events = [{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"]]
    if leave:
        events.append({"leave": {"player": leave}})
    if close:
        events.append({"close": {}})
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    return str(table.id)


def test_8_a_settled_deal_shows_its_result_on_top(page: Any, live_server: Any) -> None:
    club = make_club()
    open_table(page, live_server.url, club, hidden_renege_table(club))
    banner = page.locator("section.result")
    assert "ana takes the pot: 4" in banner.inner_text()
    assert "cy reneged" in banner.inner_text()
    assert banner.bounding_box()["y"] < page.locator("section.step").bounding_box()["y"]
    assert banner.bounding_box()["y"] < 1024  # in view on a tablet


def test_9_back_then_forward_shows_the_table_as_it_is_now(page: Any, live_server: Any) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse([{"deal": {"dealer": "cy", "trump": "7S"}}]),
    )
    open_table(page, live_server.url, club, str(table.id))
    shown = page.get_attribute("#table", "data-version")
    page.click("a:has-text('Audit')")
    table_events_append(  # another device logs while this one looks at the audit
        table_id=table.id,
        club=club,
        expected_version=int(shown),
        commands=commands_parse([{"player": "ana", "declare": "play"}]),
    )
    page.go_back()
    page.wait_for_selector(f'#table:not([data-version="{shown}"])', timeout=2_000)
    assert page.locator("section.step h2").inner_text() == "ben: play or pass?"


def test_10_closing_during_deal_1_says_deal_1(page: Any, live_server: Any) -> None:
    club = make_club()
    open_table(page, live_server.url, club, dealt_table(club))
    page.goto(page.url + "close")
    assert "deal 1 is in progress" in page.content()
    assert "deal 0" not in page.content()


def test_11_a_closed_tables_seats_read_true(page: Any, live_server: Any) -> None:
    club = make_club()
    open_table(page, live_server.url, club, hidden_renege_table(club, close=True, leave="ben"))
    ben = page.locator(".seat[data-player=ben]")
    assert ben.locator(".status").inner_text() == "left the table"
    assert ben.locator(".owes").count() == 0  # no "next deal: ante 0"
    statuses = page.locator(".seat:not([data-player=ben]) .status").all_inner_texts()
    assert statuses == ["at the table"] * 3
    assert "carries to the next deal" not in page.locator("section.rulings").inner_text()
    facts = page.locator(".seat[data-player=ana] .facts span")
    first, second = facts.nth(0).bounding_box(), facts.nth(1).bounding_box()
    assert first["x"] + first["width"] < second["x"] or first["y"] < second["y"]


def test_13_removing_a_member_asks_first_and_says_it_is_done(page: Any, live_server: Any) -> None:
    club = make_club()
    cy = make_member(club, "auditor")
    sign_in(page, live_server.url, make_member(club, "admin"))
    page.goto(f"{live_server.url}/app/members/")
    page.click(f"tr[data-member='{cy.name}'] button:has-text('Remove')")
    assert page.locator("section.confirm h2").inner_text() == f"Remove {cy.name}?"
    assert page.locator(f"tr[data-member='{cy.name}']").count() == 1  # nothing removed yet
    page.click("section.confirm button[name=confirm]")
    assert page.locator(".notice").inner_text().startswith(f"{cy.name} was removed")
    assert page.locator(f"tr[data-member='{cy.name}']").count() == 0


def test_12_the_balance_chart_has_every_player_and_a_legend_that_matches(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    table_id = hidden_renege_table(club)
    table_events_append(
        table_id=table_id,
        club=club,
        expected_version=Table.objects.get(id=table_id).snapshot.version,
        commands=commands_parse([{"join": {"player": "eve", "seat_after": "dee"}}]),
    )
    sign_in(page, live_server.url, make_member(club, "auditor"))
    page.goto(f"{live_server.url}/app/tables/{table_id}/audit")
    chart = page.locator("svg.chart:not(.phone)[aria-label^='Each player']")
    names = chart.locator("polyline.series").evaluate_all("ls => ls.map(l => l.dataset.series)")
    assert names == ["ana", "ben", "cy", "dee", "eve"]  # the late joiner too
    box = chart.bounding_box()
    for legend in chart.locator("g.legend").all():
        text = legend.locator("text")
        t = text.bounding_box()
        assert t["x"] + t["width"] <= box["x"] + box["width"]  # never cut at the edge
        name = legend.get_attribute("data-series")
        line = chart.locator(f"polyline[data-series='{name}']")
        stroke = line.evaluate("l => getComputedStyle(l).stroke")
        assert text.evaluate("t => getComputedStyle(t).fill") == stroke
    dashes = chart.locator("polyline.series").evaluate_all(
        "ls => ls.map(l => getComputedStyle(l).strokeDasharray)"
    )
    assert len(set(dashes)) == len(dashes)  # equal balances stay told apart


def test_4_a_card_known_in_another_hand_is_greyed_out_with_why(page: Any, live_server: Any) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    hands = {"ben": ["2H", "3H", "4H", "5H", "6H"]}
    deal = {"deal": {"dealer": "cy", "trump": "7S", "hands": hands}}
    declared = [{"player": p, "declare": "play"} for p in ("ana", "ben", "cy")]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse([deal, *declared])
    )
    open_table(page, live_server.url, club, str(table.id))
    card = page.locator("form[data-step=play] button[value='3H']")  # ana to lead
    assert card.is_disabled()
    assert "in ben's hand" in card.inner_text()
