"""Seasons' test helpers: tables written into the log as the service writes them
(`tests.projectors.helpers.TableWriter`), and the projectors run. The log stamps each event
with the database's clock, so what a test plays counts for tonight's club night."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from projectors.framework import projector_run
from projectors.player_stats import NAME as PLAYER_STATS
from seasons.models import PlayerRating, PlayerRatingNight
from seasons.ratings import NAME as RATINGS

CASES = Path(__file__).parents[1] / "conformance" / "cases"


def case(name: str) -> dict[str, Any]:
    return json.loads((CASES / f"{name}.json").read_text())["transcript"]


#: A night of five at one table, four deals, closed; and two deals of five (a bourré, a tie).
NIGHT = case("sitting-01-louisiana-roster-close")
TIE = case("louisiana-02-tie-bourre-lone")


def catch_up() -> None:
    projector_run(name=PLAYER_STATS, wait=True)
    projector_run(name=RATINGS, wait=True)


def rating_rows(club_id: str) -> tuple[list[tuple], list[tuple]]:
    ratings = PlayerRating.objects.filter(club_id=club_id).order_by("player")
    nights = PlayerRatingNight.objects.filter(club_id=club_id).order_by("player", "night")
    return (
        list(ratings.values_list("player", "mu", "sigma", "deals", "night")),
        list(nights.values_list("player", "night", "mu", "sigma", "deals")),
    )
