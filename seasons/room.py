"""What the room's screens show of the standings (the TV display between deals and at the
close, a player's phone): tonight's leaders, the season's top five, a player's own line."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clubs.models import Club
from clubs.nights import tonight
from projectors.player_stats import NAME as PLAYER_STATS
from projectors.selectors import StandingLine, leaderboard_between, projectors_caught_up
from seasons.models import Season
from seasons.ratings import NAME as RATINGS
from seasons.selectors import RatingLine, rating_get, season_of_night
from seasons.standings import SeasonLine, season_standings

TOP = 5


@dataclass(frozen=True)
class OwnLine:
    player: str
    tonight_place: int | None
    tonight_net: int
    season_line: SeasonLine | None
    rating: RatingLine | None


@dataclass(frozen=True)
class RoomStandings:
    night: date
    leaders: list[StandingLine]  # tonight's best TOP
    season: Season | None  # the season tonight belongs to
    season_top: list[SeasonLine]  # its best TOP ranked
    own: OwnLine | None
    #: The projections had not yet read the club's last event when this was read (the
    #: room's screens read again a moment later).
    behind: bool


def room_standings(*, club: Club, player: str | None = None) -> RoomStandings:
    # Asked first: what is read after it is at least as fresh.
    behind = not projectors_caught_up(club_id=str(club.id), names=[PLAYER_STATS, RATINGS])
    night = tonight(club.time_zone)
    board = leaderboard_between(club_id=str(club.id), start=night, end=night, limit=500)
    season = season_of_night(club=club, night=night)
    lines = season_standings(season=season).lines if season else []
    own = None
    if player is not None:
        place = next((i for i, line in enumerate(board, 1) if line.player == player), None)
        own = OwnLine(
            player=player,
            tonight_place=place,
            tonight_net=board[place - 1].net_chips if place else 0,
            season_line=next((line for line in lines if line.player == player), None),
            rating=rating_get(club_id=str(club.id), player=player),
        )
    top = [line for line in lines if line.ranked][:TOP]
    return RoomStandings(night, board[:TOP], season, top, own, behind)
