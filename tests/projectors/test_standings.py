"""Standings by date: each contribution is counted on the day it was recorded, an undo
takes it back from that day, and `?from=&to=` sums the days (JSON and CSV)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from clubs.models import Club
from clubs.nights import tonight as night_now
from eventlog import read_stream
from projectors.framework import projector_run
from projectors.player_stats import NAME
from projectors.stats_fold import StatsFold
from tests.clubs.helpers import client_for, make_club, make_key
from tests.projectors.helpers import TableWriter, table_from_transcript

CASES = Path(__file__).parents[1] / "conformance" / "cases"
TIE = json.loads((CASES / "louisiana-02-tie-bourre-lone.json").read_text())
NIGHT = json.loads((CASES / "sitting-01-louisiana-roster-close.json").read_text())


def _on(events, day: date):
    at = datetime(day.year, day.month, day.day, 21, 0, tzinfo=UTC)
    return [replace(e, recorded_at=at) for e in events]


@pytest.mark.django_db
def test_the_fold_counts_each_day_and_an_undo_after_midnight_takes_back_the_right_day(
    club_id: str,
) -> None:
    writer = table_from_transcript(club_id, TIE["transcript"])
    events = read_stream(stream=writer.stream)
    first = next(i for i, e in enumerate(events) if e.data.get("kind") == "deal_settled") + 1
    monday, tuesday = date(2026, 11, 30), date(2026, 12, 1)
    fold = StatsFold({}, {})
    for event in [*_on(events[:first], monday), *_on(events[first:], tuesday)]:
        fold.apply(event)
    day = {(p, d): line for (_, p, d), line in fold.day_lines.items()}
    # d went bourré on Monday (paid 5), c took Tuesday's 12-chip pot alone.
    assert day[("d", "2026-11-30")].bourres == 1
    assert day[("c", "2026-12-01")].pot_chips == 12
    assert day[("c", "2026-12-01")].biggest_pot == 12
    for player in ("a", "b", "c", "d", "e"):
        total = fold.lines[(club_id, player)]
        days = [line for (p, _), line in day.items() if p == player]
        assert total.net_chips == sum(line.net_chips for line in days)
        assert total.deals_played == sum(line.deals_played for line in days)
    assert sum(line.tables for (p, d), line in day.items() if p == "a") == 1

    # Tuesday: a deal started on Monday night is undone after midnight.
    table = TableWriter(club_id=club_id, variant="louisiana", players=["x", "y"])
    table.deal({"dealer": "y", "trump": "2S"})
    table.undo()
    undo_events = read_stream(stream=table.stream)
    for event in [*_on(undo_events[:-1], monday), *_on(undo_events[-1:], tuesday)]:
        fold.apply(event)
    monday_x = fold.day_lines[(club_id, "x", "2026-11-30")]
    assert monday_x.net_chips == 0  # the ante booked Monday is taken back from Monday
    assert (club_id, "x", "2026-12-01") not in fold.day_lines


@pytest.fixture
def club(db: None) -> Club:
    club = make_club()
    table_from_transcript(str(club.id), TIE["transcript"])
    table_from_transcript(str(club.id), NIGHT["transcript"])
    projector_run(name=NAME, wait=True)
    return club


@pytest.mark.django_db
def test_the_leaderboard_of_a_range_of_days(club: Club) -> None:
    auditor = client_for(make_key(club, "auditor")[1])
    today = night_now("UTC")  # the club night going on (a night turns at 06:00)
    everything = auditor.get("/api/v1/leaderboard").json()["players"]
    tonight = auditor.get(f"/api/v1/leaderboard?from={today}&to={today}")
    assert tonight.status_code == 200, tonight.json()
    assert tonight.json()["players"] == everything
    assert tonight.json()["players"][0]["player"] == "p3"  # +24 at the club night
    tomorrow = today + timedelta(days=1)
    assert auditor.get(f"/api/v1/leaderboard?from={tomorrow}").json()["players"] == []
    response = auditor.get(f"/api/v1/leaderboard?from={today}&to={today - timedelta(days=1)}")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "to"
    assert auditor.get("/api/v1/leaderboard?from=yesterday").json()["error"]["field"] == "from"
    refused = auditor.get("/api/v1/leaderboard?from=yesterday&format=csv")
    assert (refused.status_code, refused.json()["error"]["field"]) == (400, "from")  # JSON


@pytest.mark.django_db
def test_a_players_stats_over_a_range_and_as_csv(club: Club) -> None:
    auditor = client_for(make_key(club, "auditor")[1])
    today = night_now("UTC")  # the club night going on (a night turns at 06:00)
    all_time = auditor.get("/api/v1/players/p2/stats").json()
    assert all_time["net_chips"] == -20
    assert auditor.get(f"/api/v1/players/p2/stats?from={today}").json() == all_time
    later = today + timedelta(days=3)
    none = auditor.get(f"/api/v1/players/p2/stats?from={later}&to={later}").json()
    assert none == {**{k: 0 for k in all_time}, "player": "p2"}
    response = auditor.get(f"/api/v1/players/p2/stats?from={today}&format=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["player", *(k for k in all_time if k != "player")]
    assert rows[1][0] == "p2"
    assert rows[1][-1] == "-20"


@pytest.mark.django_db
def test_the_standings_as_csv_are_the_whole_list_best_first(club: Club) -> None:
    auditor = client_for(make_key(club, "auditor")[1])
    today = night_now("UTC")  # the club night going on (a night turns at 06:00)
    response = auditor.get(f"/api/v1/leaderboard?from={today}", HTTP_ACCEPT="text/csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    players = auditor.get("/api/v1/leaderboard?limit=500").json()["players"]
    assert [r[0] for r in rows[1:]] == [p["player"] for p in players]
    assert [int(r[-1]) for r in rows[1:]] == [p["net_chips"] for p in players]


@pytest.mark.django_db
def test_a_player_who_joins_counts_the_table_and_an_undone_join_does_not(club_id: str) -> None:
    table = TableWriter(club_id=club_id, variant="louisiana", players=["x", "y"])
    table._game("PlayerJoined", {"player": "z", "seat_after": "y"})
    fold = StatsFold({}, {})
    for event in read_stream(stream=table.stream):
        fold.apply(event)
    assert fold.lines[(club_id, "z")].tables == 1
    table.undo()
    fold.apply(read_stream(stream=table.stream)[-1])
    assert fold.lines[(club_id, "z")].tables == 0
    assert fold.tables[table.stream].players == ["x", "y"]


def test_a_format_that_is_not_offered_is_406_not_a_missing_url(club: Club) -> None:
    response = client_for(make_key(club, "auditor")[1]).get("/api/v1/leaderboard?format=xml")
    assert response.status_code == 406
    assert response.json()["error"]["code"] == "not_acceptable"
    assert "format" in response.json()["error"]["message"]


@pytest.mark.django_db
def test_a_night_past_midnight_counts_for_the_evening_it_began_in_the_clubs_zone(
    club_id: str,
) -> None:
    # A Chicago club plays from 21:00 on Friday to 01:30 on Saturday (03:00 to 07:30 UTC on
    # Saturday): the whole table counts for Friday's night, not for two UTC days.
    writer = table_from_transcript(club_id, TIE["transcript"])
    events = read_stream(stream=writer.stream)
    start = datetime(2026, 11, 28, 3, 0, tzinfo=UTC)
    step = (datetime(2026, 11, 28, 7, 30, tzinfo=UTC) - start) / (len(events) - 1)
    timed = [replace(e, recorded_at=start + i * step) for i, e in enumerate(events)]
    fold = StatsFold({}, {}, zone_of=lambda _club: "America/Chicago")
    for event in timed:
        fold.apply(event)
    assert {day for (_, _, day) in fold.day_lines} == {"2026-11-27"}
    utc = StatsFold({}, {})
    for event in timed:
        utc.apply(event)
    assert {day for (_, _, day) in utc.day_lines} == {"2026-11-27", "2026-11-28"}  # 06:00 UTC


@pytest.mark.django_db
def test_the_projector_dates_events_in_the_clubs_zone(db: None) -> None:
    from clubs.services import club_time_zone_set

    club = make_club()
    club_time_zone_set(club=club, time_zone="Pacific/Kiritimati")  # UTC+14: tomorrow already
    table_from_transcript(str(club.id), TIE["transcript"])
    projector_run(name=NAME, wait=True)
    auditor = client_for(make_key(club, "auditor")[1])
    night = night_now("Pacific/Kiritimati")
    counted = auditor.get(f"/api/v1/leaderboard?from={night}&to={night}").json()["players"]
    assert counted
    assert counted == auditor.get("/api/v1/leaderboard").json()["players"]
    utc_night = night_now("UTC")  # the night in UTC: the other date, but for 06:00-16:00 UTC
    if utc_night != night:
        other = auditor.get(f"/api/v1/leaderboard?from={utc_night}&to={utc_night}").json()
        assert other["players"] == []
