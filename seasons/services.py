"""Writes: a club admin creates and edits the club's seasons (the API and the app call
these, so both give the same verdict on the same input, at the same field)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from common.free_text import text_problem, words
from seasons.models import Season
from seasons.rules import (
    NET_CHIPS,
    PLACES,
    SEASON_NAME_MAX_LENGTH,
    minimum_fault,
    nights_fault,
    points_table_fault,
    rule_fault,
)

FIELDS = ("name", "first_night", "last_night", "points_rule", "points_table", "minimum_nights")


class SeasonRefused(Exception):
    """A season the club's rules refuse, in words, with the field to say it at."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _check(club: Club, values: dict[str, Any], season: Season | None = None) -> None:
    name = values["name"]
    problem = text_problem(name, max_length=SEASON_NAME_MAX_LENGTH)
    if problem is not None:
        raise SeasonRefused(problem, "name")
    same = Season.objects.filter(club=club, name__iexact=name)
    if season is not None:
        same = same.exclude(pk=season.pk)
    if same.exists():
        raise SeasonRefused(
            _("the club already has a season named %(name)s") % {"name": name}, "name"
        )
    checks = (
        ("last_night", nights_fault(values["first_night"], values["last_night"])),
        ("points_rule", rule_fault(values["points_rule"])),
        ("points_table", points_table_fault(values["points_table"], values["points_rule"])),
        ("minimum_nights", minimum_fault(values["minimum_nights"])),
    )
    for field, fault in checks:
        if fault is not None:
            raise SeasonRefused(words(fault), field)


def _saved(season: Season) -> Season:
    try:
        with transaction.atomic():
            season.save()
    except IntegrityError as clash:  # two admins naming two seasons alike at once
        message = _("the club already has a season named %(name)s") % {"name": season.name}
        raise SeasonRefused(message, "name") from clash
    return season


def season_create(
    *,
    club: Club,
    name: str,
    first_night: date,
    last_night: date,
    points_rule: str = NET_CHIPS,
    points_table: list[int] | None = None,
    minimum_nights: int = 0,
) -> Season:
    """A new season of the club. Raises `SeasonRefused` (nothing stored)."""
    values = {
        "name": name.strip(),
        "first_night": first_night,
        "last_night": last_night,
        "points_rule": points_rule,
        "points_table": list(points_table or []),
        "minimum_nights": minimum_nights,
    }
    _check(club, values)
    return _saved(Season(club=club, **values))


def season_update(*, season: Season, **changes: Any) -> Season:
    """Change some of the season's settings (the others kept). A season leaving the places
    rule drops its points table unless one is given. Raises `SeasonRefused`."""
    unknown = set(changes) - set(FIELDS)
    if unknown:
        raise SeasonRefused(_("not a setting of a season"), sorted(unknown)[0])
    values = {field: getattr(season, field) for field in FIELDS}
    if changes.get("points_rule", PLACES) != PLACES and "points_table" not in changes:
        changes["points_table"] = []
    values.update(changes)
    values["name"] = str(values["name"]).strip()
    values["points_table"] = list(values["points_table"] or [])
    _check(season.club, values, season)
    for field, value in values.items():
        setattr(season, field, value)
    return _saved(season)
