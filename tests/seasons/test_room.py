"""The room's standings (`seasons.room`): tonight's leaders, the season's top five, a
player's own line, and whether the projections had caught up when they were read."""

from __future__ import annotations

import pytest

from clubs.nights import tonight
from seasons.models import Season
from seasons.room import room_standings
from tests.clubs.helpers import make_club
from tests.projectors.helpers import table_from_transcript
from tests.seasons.helpers import NIGHT, TIE, catch_up

pytestmark = pytest.mark.django_db


def test_read_before_the_projections_catch_up_it_says_it_is_behind() -> None:
    club = make_club()
    night = tonight(club.time_zone)
    Season.objects.create(club=club, name="Winter", first_night=night, last_night=night,
                          minimum_nights=1)  # fmt: skip
    table_from_transcript(str(club.id), NIGHT)
    early = room_standings(club=club)
    assert early.behind
    assert early.leaders == []  # nothing read yet
    catch_up()
    table_from_transcript(str(club.id), TIE)
    assert room_standings(club=club).behind  # the second table is not read yet
    catch_up()
    room = room_standings(club=club, player="c")
    assert not room.behind
    assert room.night == night
    assert len(room.leaders) == 5
    assert [line.rank for line in room.season_top] == sorted(line.rank for line in room.season_top)
    assert len(room.season_top) == 5
    assert room.season is not None
    assert room.season.name == "Winter"
    assert room.own is not None
    assert room.own.tonight_net == room.own.season_line.net_chips
    assert room.own.rating is not None
    assert room.own.rating.deals >= 1


def test_a_night_of_no_season_shows_tonight_s_leaders_alone() -> None:
    club = make_club()
    table_from_transcript(str(club.id), TIE)
    catch_up()
    room = room_standings(club=club, player="nobody")
    assert room.season is None
    assert room.season_top == []
    assert room.own is not None
    assert room.own.tonight_place is None
