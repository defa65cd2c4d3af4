"""A season's points rules and the limits of what a club may set (pure: no Django).

- `net_chips`: a player's points are the chips they won and lost over the season's nights;
- `places`: each night the players who were dealt in are placed by that night's net chips
  (equal nets share the better place: 1, 2, 2, 4), and the club's points table gives the
  place's points (the first number for 1st, ...; a place past the table scores 0);
- `pots_won`: one point a pot taken (a split or shared pot counts for each taker).

A refusal is a sentence template and its values (`Fault`, as `common.text_rules`), worded
in the reader's language where it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from common.text_rules import Fault, gettext_noop

NET_CHIPS, PLACES, POTS_WON = "net_chips", "places", "pots_won"
POINTS_RULES = (NET_CHIPS, PLACES, POTS_WON)

SEASON_NAME_MAX_LENGTH = 100
#: A place's points: a club's own scale, from 0 to this (a larger number is a typo).
POINTS_MAX = 1000
#: Places a points table may score (a club night rarely seats more).
PLACES_MAX = 50
#: The most nights a season may ask a player to have played to be ranked.
MINIMUM_NIGHTS_MAX = 366
#: The longest season: ten years of nights.
SEASON_NIGHTS_MAX = 3660


def rule_fault(rule: object) -> Fault | None:
    if rule not in POINTS_RULES:
        template = gettext_noop("unknown points rule %(rule)s: one of %(rules)s")
        return template, {"rule": repr(rule), "rules": ", ".join(POINTS_RULES)}
    return None


def nights_fault(first: date, last: date) -> Fault | None:
    """What is wrong with the season's first and last nights (said at `last_night`)."""
    if last < first:
        return gettext_noop("the last night is before the first night"), {}
    if (last - first).days >= SEASON_NIGHTS_MAX:
        template = gettext_noop("a season is at most %(limit)d nights long")
        return template, {"limit": SEASON_NIGHTS_MAX}
    return None


def points_table_fault(table: object, rule: str) -> Fault | None:
    """The points table's problem: required (and only allowed) with the places rule, a
    list of whole numbers from 0 to POINTS_MAX, at most PLACES_MAX of them."""
    if rule != PLACES:
        if table:
            return gettext_noop("only the places rule uses a points table"), {}
        return None
    if not isinstance(table, list) or not table:
        return gettext_noop("the places rule needs a points table: the points of 1st, 2nd, ..."), {}
    if len(table) > PLACES_MAX:
        template = gettext_noop("at most %(limit)d places (this has %(count)d)")
        return template, {"limit": PLACES_MAX, "count": len(table)}
    for place, points in enumerate(table, start=1):
        if type(points) is not int:
            template = gettext_noop("place %(place)d: points are whole numbers")
            return template, {"place": place}
        if not 0 <= points <= POINTS_MAX:
            template = gettext_noop("place %(place)d: points from 0 to %(limit)d (not %(points)d)")
            return template, {"place": place, "limit": POINTS_MAX, "points": points}
    return None


def minimum_fault(minimum: object) -> Fault | None:
    if type(minimum) is not int or not 0 <= minimum <= MINIMUM_NIGHTS_MAX:
        template = gettext_noop("a whole number of nights from 0 to %(limit)d")
        return template, {"limit": MINIMUM_NIGHTS_MAX}
    return None


def night_points(
    rule: str, table: Sequence[int], *, net_chips: int, pots_won: int, place: int | None
) -> int:
    """A player's points for one night (`place`: None when not dealt in that night)."""
    if rule == NET_CHIPS:
        return net_chips
    if rule == POTS_WON:
        return pots_won
    if place is None or place > len(table):
        return 0
    return int(table[place - 1])


def places(nets: dict[str, int]) -> dict[str, int]:
    """Each player's place by net chips, best first; equal nets share the better place."""
    ordered = sorted(nets.values(), reverse=True)
    first = {}
    for index, net in enumerate(ordered, start=1):
        first.setdefault(net, index)
    return {player: first[net] for player, net in nets.items()}
