"""The seasons' and players' API: created and edited by an admin, refused at the field with
nothing stored, standings in JSON (paged) and CSV, a player's profile and rating history,
keyed by club."""

from __future__ import annotations

import csv
import io
import json
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from clubs.models import Club
from clubs.nights import tonight
from seasons.models import Season
from tests.clubs.helpers import client_for, make_club, make_key
from tests.projectors.helpers import table_from_transcript
from tests.seasons.helpers import NIGHT, TIE, catch_up

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return make_club()


@pytest.fixture
def admin(club: Club) -> APIClient:
    return client_for(make_key(club, "admin")[1])


@pytest.fixture
def auditor(club: Club) -> APIClient:
    return client_for(make_key(club, "auditor")[1])


def _create(client: APIClient, **body) -> object:
    return client.post("/api/v1/seasons", body, format="json")


WINTER = {"name": "Winter", "first_night": "2027-01-01", "last_night": "2027-03-31"}


def test_an_admin_creates_a_season_with_the_defaults_and_anyone_of_the_club_reads_it(
    admin: APIClient, auditor: APIClient
) -> None:
    created = _create(admin, **WINTER)
    assert created.status_code == 201, created.json()
    season = created.json()
    assert (season["points_rule"], season["points_table"], season["minimum_nights"]) == (
        "net_chips",
        [],
        0,
    )
    assert created["Location"].endswith(f"/api/v1/seasons/{season['id']}")
    assert auditor.get(f"/api/v1/seasons/{season['id']}").json()["name"] == "Winter"
    listed = auditor.get("/api/v1/seasons?limit=1").json()
    assert [s["id"] for s in listed["seasons"]] == [season["id"]]
    assert listed["next"] is None
    assert _create(auditor, **{**WINTER, "name": "Spring"}).status_code == 403
    stranger = client_for(make_key(make_club(), "admin")[1])
    assert stranger.get(f"/api/v1/seasons/{season['id']}").status_code == 404
    assert (
        stranger.patch(f"/api/v1/seasons/{season['id']}", {"name": "x"}, format="json").status_code
        == 404
    )


def test_an_admin_edits_a_season_and_leaving_the_places_rule_drops_its_table(
    admin: APIClient,
) -> None:
    body = {**WINTER, "points_rule": "places", "points_table": [10, 6, 3], "minimum_nights": 2}
    season = _create(admin, **body).json()
    url = f"/api/v1/seasons/{season['id']}"
    renamed = admin.patch(url, {"name": "Winter league"}, format="json").json()
    assert (renamed["name"], renamed["points_table"]) == ("Winter league", [10, 6, 3])
    back = admin.patch(url, {"points_rule": "pots_won"}, format="json").json()
    assert (back["points_rule"], back["points_table"]) == ("pots_won", [])


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**WINTER, "name": "Spring", "last_night": "2026-12-31"}, "last_night"),
        ({**WINTER, "name": "WINTER"}, "name"),  # the club has a "Winter" already
        ({**WINTER, "name": "Spring", "points_rule": "goals"}, "points_rule"),
        (
            {**WINTER, "name": "Spring", "points_rule": "places", "points_table": [10, -1]},
            "points_table",
        ),
        (
            {**WINTER, "name": "Spring", "points_rule": "places", "points_table": [10**30]},
            "points_table",
        ),
        (
            {**WINTER, "name": "Spring", "points_rule": "places", "points_table": [5000]},
            "points_table",
        ),
        ({**WINTER, "name": "Spring", "points_rule": "places"}, "points_table"),
        ({**WINTER, "name": "Spring", "minimum_nights": -1}, "minimum_nights"),
        ({**WINTER, "name": "   "}, "name"),
        ({**WINTER, "name": "Spring", "first_night": "31/01/2027"}, "first_night"),
    ],
)
def test_bad_input_is_refused_at_the_field_and_nothing_is_stored(
    admin: APIClient, club: Club, body: dict, field: str
) -> None:
    assert _create(admin, **WINTER).status_code == 201
    refused = _create(admin, **body)
    assert refused.status_code == 400, refused.json()
    error = refused.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", field), error
    assert Season.objects.filter(club=club).count() == 1
    # The same refusal on an edit of another season, which stays as it was.
    spring = Season.objects.get(pk=_create(admin, **{**WINTER, "name": "Spring"}).json()["id"])
    refused = admin.patch(f"/api/v1/seasons/{spring.id}", body, format="json")
    assert refused.status_code == 400, refused.json()
    assert refused.json()["error"]["field"] == field
    spring.refresh_from_db()
    assert (spring.name, spring.first_night.isoformat(), spring.last_night.isoformat()) == (
        "Spring",
        WINTER["first_night"],
        WINTER["last_night"],
    )
    assert (spring.points_rule, spring.points_table, spring.minimum_nights) == ("net_chips", [], 0)


def test_the_standings_of_a_season_in_json_paged_and_in_csv(
    admin: APIClient, auditor: APIClient, club: Club
) -> None:
    night = tonight(club.time_zone)
    table_from_transcript(str(club.id), NIGHT)
    table_from_transcript(str(club.id), TIE)
    catch_up()
    season = _create(
        admin,
        name="Now",
        first_night=night.isoformat(),
        last_night=night.isoformat(),
        minimum_nights=1,
    ).json()
    url = f"/api/v1/seasons/{season['id']}/standings"
    first = auditor.get(f"{url}?limit=4").json()
    players, page = list(first["players"]), first
    while page["next"]:
        page = auditor.get(page["next"]).json()
        players += page["players"]
    assert len(players) == 10  # p1 to p5 and a to e
    assert [p["rank"] for p in players] == sorted(p["rank"] for p in players)
    assert players[0]["points"] == max(p["net_chips"] for p in players)
    assert all(p["rating"] is not None for p in players if p["player"] in ("a", "b", "c", "d"))
    rating = players[0]["rating"]
    if rating is not None:
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.005)
    text = auditor.get(f"{url}?format=csv")
    assert text["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(text.content.decode())))
    assert rows[0] == [
        "rank",
        "player",
        "nights",
        "points",
        "net_chips",
        "pots_won",
        "bourres",
        "reneges",
        "biggest_pot",
        "rating",
        "rating_sigma",
    ]
    assert [r[1] for r in rows[1:]] == [p["player"] for p in players]
    assert auditor.get(f"{url}?format=xml").status_code == 406


def test_a_players_profile_and_rating_history(auditor: APIClient, club: Club) -> None:
    table_from_transcript(str(club.id), TIE)
    catch_up()
    profile = auditor.get("/api/v1/players/d")
    assert profile.status_code == 200, profile.json()
    d = profile.json()
    assert (d["nights"], d["bourres"], d["tables"]) == (1, 1, 1)
    assert d["bourre_rate"] == round(1 / d["deals_played"], 4)
    assert d["recent_nights"][-1]["running"] == d["net_chips"]
    assert d["rating"]["deals"] == 1
    history = auditor.get("/api/v1/players/d/ratings").json()
    assert [r["night"] for r in history["ratings"]] == [tonight(club.time_zone).isoformat()]
    assert history["ratings"][0]["ordinal"] == d["rating"]["ordinal"]
    assert auditor.get("/api/v1/players/nobody").status_code == 404
    assert auditor.get("/api/v1/players/nobody/ratings").status_code == 404
    other = client_for(make_key(make_club(), "auditor")[1])
    assert other.get("/api/v1/players/d").status_code == 404


def test_the_schema_names_every_operation_with_its_own_components() -> None:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", "--fail-on-warn", stdout=out)
    schema = json.loads(out.getvalue())
    operations = {
        op["operationId"]
        for path, item in schema["paths"].items()
        if path.startswith(("/api/v1/seasons", "/api/v1/players/{name}"))
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }
    assert {
        "seasons_list",
        "seasons_create",
        "seasons_retrieve",
        "seasons_update",
        "seasons_standings",
        "players_profile",
        "players_ratings",
    } <= operations
    components = schema["components"]["schemas"]
    for name in (
        "SeasonPageOutput",
        "SeasonStandingsPageOutput",
        "PlayerProfileOutput",
        "RatingHistoryPageOutput",
        "SeasonCreateInputRequest",
    ):
        assert name in components, sorted(components)
