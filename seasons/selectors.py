"""Reads: the club's seasons, a season's standings (`seasons.standings`), the ratings."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date

from django.db.models import QuerySet, Subquery

from clubs.models import Club
from followers.models import SubscriptionCheckpoint
from seasons.models import PlayerRating, PlayerRatingNight, Season
from seasons.ratings import NAME as RATINGS


def season_list(*, club: Club) -> QuerySet[Season]:
    return Season.objects.filter(club=club)


def season_get(*, club: Club, season_id: uuid.UUID | str) -> Season | None:
    """The club's season, or None (another club's is as missing; so is a malformed id)."""
    try:
        season_id = uuid.UUID(str(season_id))
    except ValueError:
        return None
    return Season.objects.filter(club=club, pk=season_id).first()


def season_of_night(*, club: Club, night: date) -> Season | None:
    """The season a night belongs to (of several, the one that began last)."""
    return (
        Season.objects.filter(club=club, first_night__lte=night, last_night__gte=night)
        .order_by("-first_night", "name")
        .first()
    )


@dataclass(frozen=True, slots=True)
class RatingLine:
    """A rating as shown: the ordinal (mu - 3 sigma, what a player is surely above) and
    its uncertainty (sigma), from `deals` rated deals."""

    mu: float
    sigma: float
    deals: int
    night: date

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def _active_ratings() -> Subquery:
    # A subquery: the generation and its rows come from one statement's snapshot.
    return Subquery(
        SubscriptionCheckpoint.objects.filter(name=RATINGS, active=True).values("generation")[:1]
    )


def rating_get(*, club_id: str, player: str) -> RatingLine | None:
    row = (
        PlayerRating.objects.filter(generation=_active_ratings(), club_id=club_id, player=player)
        .values_list("mu", "sigma", "deals", "night")
        .first()
    )
    return None if row is None else RatingLine(*row)


def ratings_as_of(*, club_id: str, night: date) -> dict[str, RatingLine]:
    """Every player's rating after the last deal rated on or before `night`."""
    rows = (
        PlayerRatingNight.objects.filter(
            generation=_active_ratings(), club_id=club_id, night__lte=night
        )
        .order_by("player", "-night")
        .distinct("player")
        .values_list("player", "mu", "sigma", "deals", "night")
    )
    return {player: RatingLine(*rest) for player, *rest in rows}


def rating_history(*, club_id: str, player: str) -> QuerySet[PlayerRatingNight]:
    """The player's rating after each night they were rated (to order and page)."""
    return PlayerRatingNight.objects.filter(
        generation=_active_ratings(), club_id=club_id, player=player
    )
