"""A club night's end in a real browser: seats changed between deals (a join at a place, a
leave, a player sitting the next deal out), the close confirmed only after its shares are
shown (nothing logged before), the settle-up list read aloud or printed, the standings of
tonight and this month with their CSV."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club
from eventlog import last_position, read_stream
from followers.framework import club_positions
from followers.models import SubscriptionCheckpoint
from games.services import commands_parse, table_events_append
from projectors.framework import projectors_run_all
from projectors.player_stats import NAME as PLAYER_STATS
from tests.clubs.helpers import client_for, make_club, make_key
from tests.tableapp.browser import screenshot
from tests.tableapp.helpers import make_member
from tests.tableapp.test_browser import seeded_table, sign_in, tap

pytestmark = pytest.mark.django_db(transaction=True)


def _version(table_id: str) -> int:
    return len(read_stream(stream=f"table-{table_id}"))


def _seats(page: Any) -> list[str]:
    return page.locator(".seat").evaluate_all("els => els.map(e => e.dataset.player)")


def test_seats_change_between_deals(page: Any, live_server: Any) -> None:
    club = make_club()
    table_id = seeded_table(club)  # one settled deal: ana, ben, cy, dee
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table_id}/")

    page.click("details.sitting summary")
    page.fill("form[data-step=join] input[name=player]", "eve")
    page.select_option("form[data-step=join] select[name=seat_after]", "ana")
    tap(page, "form[data-step=join] button")
    assert _seats(page) == ["ana", "eve", "ben", "cy", "dee"]

    page.click("details.sitting summary")
    tap(page, "form[data-step=leave] button[value=ben]")
    assert "left the table" in page.locator(".seat[data-player=ben] .status").inner_text()
    deal_form = page.locator("form[data-step='start the deal']")
    assert deal_form.locator("input[name=dealer][value=ben]").count() == 0
    assert deal_form.locator("input[name=seated][value=eve]").is_checked()

    # cy sits the next deal out: unticked in "Dealt in".
    deal_form.locator("input[name=seated][value=cy]").uncheck()
    page.check("input[name=dealer][value=dee]")
    page.click(".trump-picker label:has(input[value='7S'])")
    tap(page, "button:has-text('Start the deal')")
    assert "sitting out" in page.locator(".seat[data-player=cy] .status").inner_text()
    assert page.locator("section.step h2").inner_text() == "ana: play or pass?"
    transcript = client_for(make_key(club, "auditor")[1]).get(
        f"/api/v1/tables/{table_id}/transcript"
    )
    assert transcript.json()["deals"][1]["seated"] == ["ana", "eve", "dee"]


def _close_night(page: Any, live_server: Any, club: Club) -> str:
    table_id = seeded_table(club)
    table_events_append(
        table_id=table_id,
        club=club,
        expected_version=_version(table_id),
        commands=commands_parse([{"join": {"player": "eve", "seat_after": "dee"}}]),
    )
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table_id}/")
    page.click("details.sitting summary")
    page.click("a:has-text('Close the table')")
    page.wait_for_url(f"**/app/tables/{table_id}/close")
    return table_id


def test_closing_shows_the_shares_before_anything_is_logged(page: Any, live_server: Any) -> None:
    club = make_club()
    table_id = _close_night(page, live_server, club)
    before = _version(table_id)
    shares = page.locator(".closing-preview .shares li").all_inner_texts()
    transfers = page.locator(".closing-preview .transfers li").all_inner_texts()
    assert shares
    assert all(" gets " in s for s in shares)
    assert _version(table_id) == before  # only looked: nothing logged
    api = client_for(make_key(club, "auditor")[1])
    assert api.get(f"/api/v1/tables/{table_id}/settlement").json()["closed"] is False

    page.click("button:has-text('Confirm: close the table')")
    page.wait_for_url(f"**/app/tables/{table_id}/settle-up")
    closing = api.get(f"/api/v1/tables/{table_id}/ruling").json()["closing"]
    assert shares == [f"{p} gets {n}" for p, n in closing["shares"].items()]
    settlement = api.get(f"/api/v1/tables/{table_id}/settlement").json()
    spoken = [f"{t['from']} pays {t['to']} {t['amount']}" for t in settlement["transfers"]]
    assert transfers == spoken
    assert page.locator(".settle-list .transfers li").all_inner_texts() == spoken
    # Every player who sat, the late joiner too, has a statement; the nets are the balances.
    rows = page.locator(".statements tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.player)") == [
        "ana", "ben", "cy", "dee", "eve"
    ]  # fmt: skip
    nets = {s["player"]: s["net"] for s in settlement["statements"]}
    assert sum(nets.values()) == 0
    screenshot(page, "settle-up")
    with page.expect_download() as download:  # signed in, no API key needed
        page.click("a:has-text('Download CSV')")
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    api_csv = api.get(f"/api/v1/tables/{table_id}/settlement?format=csv").content.decode()
    assert rows == list(csv.reader(io.StringIO(api_csv)))
    assert ["from", "to", "amount"] in rows

    page.emulate_media(media="print")  # the printout: the list and statements, no buttons
    assert not page.locator("header.bar").is_visible()
    assert not page.locator("nav.sub").is_visible()
    assert page.locator(".settle-list .transfers").is_visible()
    page.emulate_media(media="screen")

    # The closed table: eve, who joined after the last deal, is at the table (not "sitting
    # out"), and nobody owes anything for a next deal that will not come.
    page.goto(f"{live_server.url}/app/tables/{table_id}/")
    assert page.locator(".seat[data-player=eve] .status").inner_text() == "at the table"
    assert page.locator(".seat .owes").count() == 0
    assert page.locator("section.closing a:has-text('settle-up screen')").is_visible()
    page.goto(f"{live_server.url}/app/tables/{table_id}/close")  # closed: nothing to confirm
    assert page.locator("button:has-text('Confirm')").count() == 0
    assert "cannot close" in page.locator(".error").inner_text()


def _stats_caught_up(club: Club) -> None:
    """Run the projectors until the statistics have read the club's whole partition: a
    worker left from an earlier test may hold the checkpoint, and a run then skips."""
    deadline = time.monotonic() + 60
    head = last_position(club=club.id)
    while True:
        projectors_run_all()
        live = SubscriptionCheckpoint.objects.get(name=PLAYER_STATS, active=True)
        if club_positions(live).get(str(club.id), 0) >= head:
            return
        assert time.monotonic() < deadline, "the statistics did not catch up"
        time.sleep(0.2)


def test_standings_tonight_and_this_month_with_csv(page: Any, live_server: Any) -> None:
    club = make_club()
    seeded_table(club)
    _stats_caught_up(club)
    sign_in(page, live_server.url, make_member(club, "auditor"))
    page.goto(f"{live_server.url}/app/standings/")
    assert page.locator("h1").inner_text() == "Standings: Tonight"
    assert page.locator("p.hint").first.inner_text().startswith("The night of ")
    tonight = page.locator("table.list").first.locator("tbody tr").all_inner_texts()
    assert tonight[0].split("\t")[:2] == ["1. ana", "3"]
    page.click("nav.periods a:has-text('This month')")
    assert page.locator("h1").inner_text() == "Standings: This month"
    assert page.locator("nav.periods a[aria-current=page]").inner_text() == "This month"
    assert page.locator("p.hint").first.inner_text().startswith("The nights from ")
    screenshot(page, "standings")
    with page.expect_download() as download:
        page.click("a:has-text('Download CSV')")
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    assert download.value.suggested_filename.startswith("standings-month-")
    assert (rows[0]["player"], rows[0]["net_chips"]) == ("ana", "3")
    assert {r["player"] for r in rows} == {"ana", "ben", "cy", "dee"}


def test_an_admin_sets_the_clubs_time_zone_and_the_standings_count_its_nights(
    page: Any, live_server: Any
) -> None:
    club = make_club()
    sign_in(page, live_server.url, make_member(club, "admin"))
    page.goto(f"{live_server.url}/app/members/")
    field = page.locator("input[name=time_zone]")
    assert field.input_value() == "UTC"
    field.fill("Louisiana")
    page.click("button:has-text('Save the time zone')")
    error = page.locator("[data-field=time_zone]")
    assert "Unknown time zone 'Louisiana'" in error.inner_text()  # a sentence
    assert page.locator("input[name=time_zone]").input_value() == "Louisiana"  # kept to fix
    page.locator("input[name=time_zone]").fill("America/Chicago")
    page.click("button:has-text('Save the time zone')")
    assert "Nights now count in America/Chicago" in page.locator("[role=status]").inner_text()
    screenshot(page, "members-time-zone")
    club.refresh_from_db()
    assert club.time_zone == "America/Chicago"
    page.goto(f"{live_server.url}/app/standings/")
    assert "club nights in America/Chicago" in page.locator("p.hint").first.inner_text()


def test_an_admin_gives_a_member_a_new_password_and_another_role(
    page: Any, live_server: Any, browser: Any
) -> None:
    """A scorekeeper who forgot their password is back in from the club's own tablet."""
    club = make_club()
    sign_in(page, live_server.url, make_member(club, "admin"))
    ana = make_member(club, "scorekeeper")
    page.goto(f"{live_server.url}/app/members/")
    page.click(f"a:has-text('{ana.name}')")
    assert page.locator("h1").inner_text() == ana.name
    page.click("button:has-text('Set the password')")
    notice = page.locator("#password [role=status]")
    assert "signed-in devices are signed out" in notice.inner_text()
    password = page.locator("#password code.secret").inner_text()
    page.locator("select[name=role]").select_option("auditor")
    page.click("button:has-text('Save the role')")
    assert f"{ana.name} is now auditor" in page.locator("#role [role=status]").inner_text()
    page.click("button:has-text('Set the password')")  # the screenshot shows one shown once
    password = page.locator("#password code.secret").inner_text()
    screenshot(page, "member-password")
    theirs = browser.new_page()
    try:
        theirs.goto(f"{live_server.url}/app/")
        theirs.fill("input[name=username]", ana.name)
        theirs.fill("input[name=password]", password)
        theirs.click("button:has-text('Sign in')")
        theirs.wait_for_url(f"{live_server.url}/app/")
        assert "auditor" in theirs.locator("header").inner_text()
    finally:
        theirs.close()
