"""A season's standings from its night lines (pure: `seasons.standings.standings_of`):
the points rules, the tie-break, the minimum of nights, the running points of the chart."""

from __future__ import annotations

from datetime import date

from projectors.selectors import NightLine
from seasons.models import Season
from seasons.selectors import RatingLine
from seasons.standings import standings_of, standings_row

N1, N2, N3 = date(2027, 1, 7), date(2027, 1, 14), date(2027, 1, 21)


def _line(
    player: str,
    night: date,
    net: int,
    *,
    pots: int = 0,
    biggest: int = 0,
    bourres: int = 0,
    played: int = 3,
) -> NightLine:
    return NightLine(player, night, played, 0, pots, biggest, bourres, 0, net)


ROWS = [
    _line("ana", N1, 30, pots=2, biggest=20),
    _line("ben", N1, -10, bourres=1),
    _line("cy", N1, -20),
    _line("ana", N2, -15),
    _line("ben", N2, 25, pots=1, biggest=25),
    _line("cy", N2, -10, pots=1, biggest=4),
    _line("dee", N3, 5, pots=1, biggest=5),
    _line("ben", N3, -5),
]


def _season(rule: str = "net_chips", table: list[int] | None = None, minimum: int = 0) -> Season:
    return Season(
        name="Winter",
        first_night=N1,
        last_night=N3,
        points_rule=rule,
        points_table=table or [],
        minimum_nights=minimum,
    )


def _table(standings) -> list[tuple]:
    return [(line.rank, line.player, line.points, line.nights) for line in standings.lines]


def test_net_chips_points_and_the_running_total_of_each_night() -> None:
    standings = standings_of(_season(), ROWS, {})
    assert _table(standings) == [
        (1, "ana", 15, 2),
        (2, "ben", 10, 3),
        (3, "dee", 5, 1),
        (4, "cy", -30, 2),
    ]
    assert standings.nights == [N1, N2, N3]
    assert {line.player: line.running for line in standings.lines} == {
        "ana": [30, 15, 15],
        "ben": [-10, 15, 10],
        "dee": [0, 0, 5],
        "cy": [-20, -30, -30],
    }
    ana = standings.lines[0]
    assert (ana.pots_won, ana.biggest_pot, ana.net_chips) == (2, 20, 15)


def test_places_scored_by_the_clubs_table_equal_nets_sharing_the_better_place() -> None:
    rows = [*ROWS, _line("dee", N1, -10)]  # ben and dee share 2nd place on the first night
    standings = standings_of(_season("places", [10, 6, 3]), rows, {})
    points = {line.player: line.points for line in standings.lines}
    # N1: ana 10, ben 6, dee 6, cy 0 (4th); N2: ben 10, cy 6, ana 3; N3: dee 10, ben 6
    assert points == {"ana": 13, "ben": 22, "cy": 6, "dee": 16}


def test_pots_won_and_the_tie_break_net_chips_then_pots_then_the_biggest_pot() -> None:
    standings = standings_of(_season("pots_won"), ROWS, {})
    # ana 2 pots; ben, cy, dee 1 each: ben (net +10) before dee (+5) before cy (-30)
    assert [line.player for line in standings.lines] == ["ana", "ben", "dee", "cy"]
    twins = [_line("x", N1, 5, pots=1, biggest=5), _line("y", N1, 5, pots=1, biggest=5)]
    tied = standings_of(_season("pots_won"), twins, {})
    assert _table(tied) == [(1, "x", 1, 1), (1, "y", 1, 1)]  # equal on all four: one rank


def test_under_the_minimum_of_nights_a_player_is_listed_unranked_after_the_ranked() -> None:
    standings = standings_of(_season(minimum=2), ROWS, {})
    assert _table(standings) == [
        (1, "ana", 15, 2),
        (2, "ben", 10, 3),
        (3, "cy", -30, 2),
        (None, "dee", 5, 1),
    ]
    assert standings_row(standings.lines[-1])[:2] == ["", "dee"]


def test_a_night_only_passed_or_without_a_deal_is_not_a_night_played() -> None:
    rows = [_line("ana", N1, 4), _line("ana", N2, -1, played=0)]  # a closing share only
    standings = standings_of(_season(), rows, {})
    assert _table(standings) == [(1, "ana", 3, 1)]
    assert standings.nights == [N1]


def test_the_rating_column_is_the_ordinal_and_its_sigma() -> None:
    rating = RatingLine(mu=27.5, sigma=2.25, deals=40, night=N3)
    standings = standings_of(_season(), ROWS, {"ana": rating})
    assert standings_row(standings.lines[0])[-2:] == ["20.75", "2.25"]
    assert standings_row(standings.lines[1])[-2:] == ["", ""]
