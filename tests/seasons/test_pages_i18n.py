"""The seasons' pages and the room's standings in French and Ukrainian: no English word of
the interface left on them (tests/i18n/english.py), and a refusal said in the page's
language at its field."""

from __future__ import annotations

from html import escape

import pytest
from django.test import Client

from clubs.nights import tonight
from clubs.services import member_create
from games.services import commands_parse, table_create, table_events_append
from live.services import viewer_create
from seasons.models import Season
from tests.clubs.helpers import client_for, make_club, make_key
from tests.i18n.english import english_left, visible_text
from tests.projectors.helpers import table_from_transcript
from tests.seasons.helpers import NIGHT, catch_up
from tests.tableapp.helpers import PASSWORD, signed_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_the_seasons_pages_say_no_english(language: str) -> None:
    club = make_club()
    night = tonight(club.time_zone)
    season = Season.objects.create(club=club, name="Hiver", first_night=night,
                                   last_night=night, points_rule="places",
                                   points_table=[10, 6, 3], minimum_nights=2)  # fmt: skip
    table_from_transcript(str(club.id), NIGHT)
    catch_up()
    admin = member_create(club=club, username="olena", password=PASSWORD, role="admin")
    admin.language = language
    admin.save()
    client = signed_in(admin)
    for path in ("/app/seasons/", f"/app/seasons/{season.id}/", "/app/players/p1/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Content-Language"] == language
        assert english_left(visible_text(response.content.decode()), language) == [], path
    refused = client.post(
        "/app/seasons/add",
        {"name": "Printemps", "first_night": "2027-04-02", "last_night": "2027-04-01"},
    )
    assert refused.status_code == 422
    words = {"fr": "La dernière soirée est avant la première",
             "uk": "Останній вечір раніше за перший"}[language]  # fmt: skip
    assert f'data-field="last_night">{words}</span>' in refused.content.decode()
    assert Season.objects.filter(club=club).count() == 1


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_the_room_s_standings_say_no_english(language: str) -> None:
    club = make_club()
    night = tonight(club.time_zone)
    Season.objects.create(club=club, name="Hiver", first_night=night, last_night=night)
    table = table_create(
        club=club,
        name="Vendredi",
        variant=NIGHT["variant"],
        players=list(NIGHT["players"]),
        options=NIGHT.get("options") or {},
    )
    deal = NIGHT["deals"][0]
    events = [{"deal": {k: v for k, v in deal.items() if k != "actions"}}, *deal["actions"]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )  # between deals
    catch_up()
    viewer = viewer_create(club=club, table=table, created_by="test")
    device = Client()
    device.cookies["bourre_language"] = language
    page = device.get(f"/v/{viewer.token}?player=p1").content.decode()
    section = page[
        page.index('id="season-room"') : page.index("</section>", page.index('id="season-room"'))
    ]
    assert 'data-player="p1"' in section
    assert english_left(visible_text(section), language) == []


def test_the_app_s_form_gives_the_api_s_verdict_at_the_same_field() -> None:
    """One validation path: the form's refusals are the services', as the API's are."""
    club = make_club()
    admin = member_create(club=club, username="olena", password=PASSWORD, role="admin")
    client = signed_in(admin)
    base = {"name": "Winter", "first_night": "2027-01-01", "last_night": "2027-03-31"}
    cases = [
        ({"points_rule": "places", "points_table": "10, 99999999999999999999"}, "points_table",
         "Place 2: points from 0 to 1000 (not 99999999999999999999)"),
        ({"points_rule": "places", "points_table": "10, 6.5"}, "points_table",
         "Place 2: points are whole numbers"),
        ({"points_rule": "goals"}, "points_rule", "Unknown points rule 'goals': one of "
         "net_chips, places, pots_won"),
        ({"minimum_nights": "-3"}, "minimum_nights", "A whole number of nights from 0 to 366"),
        ({"first_night": "soon"}, "first_night", "Enter the night as a date (YYYY-MM-DD)"),
    ]  # fmt: skip
    for change, field, words in cases:
        response = client.post("/app/seasons/add", {**base, **change})
        assert response.status_code == 422, change
        assert f'data-field="{field}">{escape(words)}</span>' in response.content.decode(), change
    assert not Season.objects.filter(club=club).exists()


def test_a_nul_in_the_form_is_the_apis_400_at_its_field() -> None:
    """The app answers the API's status for the same input (issue 40): a NUL is the API
    parser's 400 there, so here too, not a 422."""
    club = make_club()
    admin = member_create(club=club, username="taras", password=PASSWORD, role="admin")
    base = {"name": "Win\x00ter", "first_night": "2027-01-01", "last_night": "2027-03-31"}
    response = signed_in(admin).post("/app/seasons/add", base)
    assert response.status_code == 400
    assert 'data-field="name">' in response.content.decode()
    answer = client_for(make_key(club, "admin")[1]).post("/api/v1/seasons", base, format="json")
    assert answer.status_code == 400
    assert not Season.objects.filter(club=club).exists()
