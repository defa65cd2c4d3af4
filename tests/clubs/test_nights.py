"""Club nights: the day an event counts for is its night in the club's time zone, a night
running until 06:00 the next morning; an admin sets the zone (API and app)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from clubs.models import Club
from clubs.nights import UnknownTimeZone, night_of, night_starts, nights_between, tonight, zone
from clubs.services import club_time_zone_set
from clubs.zones import club_time_zone, forget_all
from tests.clubs.helpers import client_for, make_club, make_key

CHICAGO = "America/Chicago"


@pytest.mark.parametrize(
    ("instant", "time_zone", "night"),
    [
        # 21:00 in Chicago on Friday 27 November is 03:00 UTC on Saturday: Friday's night.
        (datetime(2026, 11, 28, 3, 0, tzinfo=UTC), CHICAGO, date(2026, 11, 27)),
        # 01:30 on Saturday in Chicago (07:30 UTC) is still Friday's night ...
        (datetime(2026, 11, 28, 7, 30, tzinfo=UTC), CHICAGO, date(2026, 11, 27)),
        # ... until 06:00 in Chicago (12:00 UTC): Saturday's night begins.
        (datetime(2026, 11, 28, 11, 59, tzinfo=UTC), CHICAGO, date(2026, 11, 27)),
        (datetime(2026, 11, 28, 12, 0, tzinfo=UTC), CHICAGO, date(2026, 11, 28)),
        # In UTC the night turns at 06:00 UTC.
        (datetime(2026, 12, 1, 5, 59, tzinfo=UTC), "UTC", date(2026, 11, 30)),
        (datetime(2026, 12, 1, 6, 0, tzinfo=UTC), "UTC", date(2026, 12, 1)),
        # Paris in summer (UTC+2): 23:30 local on 4 July is 21:30 UTC.
        (datetime(2026, 7, 4, 21, 30, tzinfo=UTC), "Europe/Paris", date(2026, 7, 4)),
    ],
)
def test_an_instant_belongs_to_the_night_of_the_clubs_evening(
    instant: datetime, time_zone: str, night: date
) -> None:
    assert night_of(instant, time_zone) == night


def test_a_night_across_the_change_of_clocks_still_runs_from_six_to_six() -> None:
    # Chicago leaves daylight time at 02:00 on Sunday 1 November 2026: that night is 25 h.
    start, end = nights_between(date(2026, 10, 31), date(2026, 10, 31), CHICAGO)
    assert start == datetime(2026, 10, 31, 11, 0, tzinfo=UTC)  # 06:00 CDT
    assert end == datetime(2026, 11, 1, 12, 0, tzinfo=UTC)  # 06:00 CST
    assert night_starts(date(2026, 11, 1), CHICAGO) == end
    assert nights_between(None, None, CHICAGO) == (None, None)


def test_tonight_is_the_night_going_on() -> None:
    assert tonight(CHICAGO, datetime(2026, 11, 28, 7, 30, tzinfo=UTC)) == date(2026, 11, 27)


@pytest.mark.parametrize("name", ["", "Mars/Olympus", "../etc/passwd", " UTC", "UTC\x00", "x" * 80])
def test_only_iana_names_are_time_zones(name: str) -> None:
    with pytest.raises(UnknownTimeZone):
        zone(name)


@pytest.mark.django_db
def test_the_api_shows_the_club_and_an_admin_sets_its_time_zone() -> None:
    club = make_club()
    auditor = client_for(make_key(club, "auditor")[1])
    admin = client_for(make_key(club, "admin")[1])
    shown = auditor.get("/api/v1/club")
    assert shown.status_code == 200
    assert shown.json() == {
        "id": str(club.id), "name": club.name, "time_zone": "UTC", "night_turns_at": "06:00"
    }  # fmt: skip
    refused = auditor.patch("/api/v1/club", {"time_zone": CHICAGO}, format="json")
    assert refused.status_code == 403
    bad = admin.patch("/api/v1/club", {"time_zone": "Mars/Olympus"}, format="json")
    assert (bad.status_code, bad.json()["error"]["field"]) == (400, "time_zone")
    assert "Mars/Olympus" in bad.json()["error"]["message"]
    assert Club.objects.get(pk=club.pk).time_zone == "UTC"  # nothing written
    done = admin.patch("/api/v1/club", {"time_zone": CHICAGO}, format="json")
    assert (done.status_code, done.json()["time_zone"]) == (200, CHICAGO)
    assert Club.objects.get(pk=club.pk).time_zone == CHICAGO


@pytest.mark.django_db(transaction=True)
def test_the_folds_learn_a_new_zone_at_once_in_this_process() -> None:
    forget_all()
    club = make_club()
    assert club_time_zone(str(club.pk)) == "UTC"
    club_time_zone_set(club=club, time_zone=CHICAGO)
    assert club_time_zone(str(club.pk)) == CHICAGO
    assert club_time_zone("00000000-0000-0000-0000-000000000000") == "UTC"


def test_an_exports_days_are_the_clubs_nights() -> None:
    from exports.selectors import export_range

    start, end = export_range(
        date_from=date(2026, 11, 27), date_to=date(2026, 11, 27), time_zone=CHICAGO
    )
    assert (start, end) == (
        datetime(2026, 11, 27, 12, 0, tzinfo=UTC),  # Friday 06:00 in Chicago
        datetime(2026, 11, 28, 12, 0, tzinfo=UTC),  # Saturday 06:00: 01:30 is still Friday
    )
