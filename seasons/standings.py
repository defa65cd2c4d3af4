"""A season's standings, read from the player statistics' night lines (`projectors`) and
the ratings: nothing of them is stored, so a season edited is re-ranked at once.

Ranked by points; ties broken by net chips, then pots won, then the biggest pot; players
equal on all four share the rank (listed by name). A player who has played fewer nights
than the season's minimum is listed after the ranked ones, unranked, in the same order.
A night counts as played when the player was dealt in (played or passed) a settled deal.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from projectors.selectors import NightLine, night_lines
from seasons.models import Season
from seasons.rules import night_points, places
from seasons.selectors import RatingLine, ratings_as_of

#: What the CSV and the API's JSON give, in this order.
COLUMNS = ("rank", "player", "nights", "points", "net_chips", "pots_won", "bourres",
           "reneges", "biggest_pot", "rating", "rating_sigma")  # fmt: skip


@dataclass
class SeasonLine:
    player: str
    rank: int | None = None
    nights: int = 0
    points: int = 0
    net_chips: int = 0
    pots_won: int = 0
    bourres: int = 0
    reneges: int = 0
    biggest_pot: int = 0
    rating: RatingLine | None = None
    #: The running points after each night of the season's nights with play (the chart).
    running: list[int] = field(default_factory=list)

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    def order(self) -> tuple[int, int, int, int]:
        return (-self.points, -self.net_chips, -self.pots_won, -self.biggest_pot)


@dataclass(frozen=True)
class Standings:
    season: Season
    nights: list[date]  # the season's nights with play so far, in order
    lines: list[SeasonLine]  # ranked first, then the unranked


def season_standings(*, season: Season) -> Standings:
    """The season's standings now: two statements (the night lines, the ratings)."""
    rows = night_lines(club_id=str(season.club_id), start=season.first_night, end=season.last_night)
    ratings = ratings_as_of(club_id=str(season.club_id), night=season.last_night)
    return standings_of(season, rows, ratings)


def standings_of(
    season: Season, rows: list[NightLine], ratings: dict[str, RatingLine]
) -> Standings:
    """The standings from the season's night lines and the players' ratings (pure)."""
    by_night: dict[date, list[NightLine]] = defaultdict(list)
    for row in rows:
        by_night[row.night].append(row)
    nights = sorted(n for n, lines in by_night.items() if any(r.dealt_in for r in lines))
    lines: dict[str, SeasonLine] = {}
    scored: dict[str, dict[date, int]] = defaultdict(dict)
    for night, night_rows in sorted(by_night.items()):
        placed = places({r.player: r.net_chips for r in night_rows if r.dealt_in})
        for row in night_rows:
            line = lines.setdefault(row.player, SeasonLine(row.player))
            line.nights += row.dealt_in
            line.net_chips += row.net_chips
            line.pots_won += row.pots_won
            line.bourres += row.bourres
            line.reneges += row.reneges
            line.biggest_pot = max(line.biggest_pot, row.biggest_pot)
            points = night_points(
                season.points_rule,
                season.points_table,
                net_chips=row.net_chips,
                pots_won=row.pots_won,
                place=placed.get(row.player),
            )
            line.points += points
            scored[row.player][night] = points
    for line in lines.values():
        line.rating = ratings.get(line.player)
        total = 0
        for night in nights:
            total += scored[line.player].get(night, 0)
            line.running.append(total)
    return Standings(season, nights, _ranked(list(lines.values()), season.minimum_nights))


def _ranked(lines: list[SeasonLine], minimum: int) -> list[SeasonLine]:
    lines.sort(key=lambda line: (*line.order(), line.player))
    ranked = [line for line in lines if line.nights >= max(minimum, 1)]
    previous = None
    for position, line in enumerate(ranked, start=1):
        if previous is None or line.order() != previous.order():
            line.rank = position
        else:
            line.rank = previous.rank
        previous = line
    return ranked + [line for line in lines if line.rank is None]


def standings_row(line: SeasonLine) -> list[object]:
    """A line as the CSV writes it (COLUMNS; the rating's ordinal and sigma to 2 places)."""
    rating = line.rating
    return [
        "" if line.rank is None else line.rank,
        line.player,
        line.nights,
        line.points,
        line.net_chips,
        line.pots_won,
        line.bourres,
        line.reneges,
        line.biggest_pot,
        "" if rating is None else f"{rating.ordinal:.2f}",
        "" if rating is None else f"{rating.sigma:.2f}",
    ]
