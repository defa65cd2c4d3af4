"""A player's page: their club's statistics (`projectors`), their nights and their rating."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from projectors.selectors import night_lines, player_stats_get
from seasons.selectors import RatingLine, rating_get, rating_history

#: The nights (and rating changes) a profile lists and draws: the most recent ones.
RECENT_NIGHTS = 100


@dataclass(frozen=True, slots=True)
class NightNet:
    night: date
    net_chips: int
    running: int  # the player's net over every night up to this one


@dataclass(frozen=True)
class PlayerProfile:
    player: str
    tables: int
    nights: int
    deals_played: int
    deals_passed: int
    pots_won: int
    biggest_pot: int
    bourres: int
    reneges: int
    net_chips: int
    rating: RatingLine | None
    recent_nights: list[NightNet]  # the last RECENT_NIGHTS nights played, oldest first
    rating_nights: list[RatingLine]  # the last RECENT_NIGHTS nights rated, oldest first

    @property
    def bourre_rate(self) -> float:
        """Bourrés per deal played (0 before the first)."""
        return self.bourres / self.deals_played if self.deals_played else 0.0


def player_profile(*, club_id: str, player: str) -> PlayerProfile | None:
    """None for a name never seated at the club's tables."""
    stats = player_stats_get(club_id=club_id, player=player)
    if stats is None:
        return None
    running, nets = 0, []
    for line in night_lines(club_id=club_id, start=None, end=None, player=player):
        running += line.net_chips
        if line.dealt_in:
            nets.append(NightNet(line.night, line.net_chips, running))
    history = rating_history(club_id=club_id, player=player).order_by("-night")
    points = [
        RatingLine(*row)
        for row in history.values_list("mu", "sigma", "deals", "night")[:RECENT_NIGHTS]
    ]
    return PlayerProfile(
        player=player,
        tables=stats.tables,
        nights=len(nets),
        deals_played=stats.deals_played,
        deals_passed=stats.deals_passed,
        pots_won=stats.pots_won,
        biggest_pot=stats.biggest_pot,
        bourres=stats.bourres,
        reneges=stats.reneges,
        net_chips=stats.net_chips,
        rating=rating_get(club_id=club_id, player=player),
        recent_nights=nets[-RECENT_NIGHTS:],
        rating_nights=points[::-1],
    )
