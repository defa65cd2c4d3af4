"""A club's seasons (its settings, edited by an admin) and the ratings' read model.

The rating rows carry a `generation` like every projector's (`projectors.models`): a rebuild
writes a fresh generation beside the live one and readers pick the active one in the same
statement.
"""

from __future__ import annotations

import uuid

from django.db import models
from django.db.models.functions import Lower


class PointsRule(models.TextChoices):
    """How a season turns nights into points (`seasons.rules`, docs/seasons.md)."""

    NET_CHIPS = "net_chips"  # the chips won and lost over the season's nights
    PLACES = "places"  # each night's finishing place, scored by the club's points table
    POTS_WON = "pots_won"  # one point a pot won (split and shared pots included)


class Season(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=100)
    # Club nights (clubs.nights: in the club's time zone, each until 06:00), inclusive.
    first_night = models.DateField()
    last_night = models.DateField()
    points_rule = models.CharField(
        max_length=20, choices=PointsRule.choices, default=PointsRule.NET_CHIPS
    )
    # The points of the 1st, 2nd, ... place of a night (PointsRule.PLACES only).
    points_table = models.JSONField(default=list, blank=True)
    minimum_nights = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-first_night", "name"]
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="seasons_season_one_name_per_club"),
            models.CheckConstraint(
                condition=models.Q(last_night__gte=models.F("first_night")),
                name="seasons_season_nights_in_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class RatingCounters(models.Model):
    mu = models.FloatField()
    sigma = models.FloatField()
    deals = models.IntegerField(help_text="deals rated so far")

    class Meta:
        abstract = True

    @property
    def ordinal(self) -> float:
        """What the player is surely above (mu - 3 sigma): the rating as shown."""
        return self.mu - 3 * self.sigma


class PlayerRating(RatingCounters):
    """A player's rating at a club now, and the last night it moved."""

    generation = models.IntegerField()
    club_id = models.CharField(max_length=64)
    player = models.CharField(max_length=200)
    night = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["generation", "club_id", "player"], name="seasons_playerrating_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.club_id}/{self.player}"


class PlayerRatingNight(RatingCounters):
    """A player's rating after the last deal rated on one club night: the history."""

    generation = models.IntegerField()
    club_id = models.CharField(max_length=64)
    player = models.CharField(max_length=200)
    night = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["generation", "club_id", "player", "night"],
                name="seasons_playerratingnight_key",
            )
        ]
        indexes = [
            models.Index(fields=["generation", "club_id", "night"], name="seasons_ratingnight_by")
        ]

    def __str__(self) -> str:
        return f"{self.club_id}/{self.player}@{self.night}"


class RatingTable(models.Model):
    """The ratings projector's memory of a table's current deal: what its settled deal's
    rating changed (`open`, by ruling version), so an undo that voids it takes it back."""

    generation = models.IntegerField()
    stream = models.CharField(max_length=200)
    open = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["generation", "stream"], name="seasons_ratingtable_key")
        ]

    def __str__(self) -> str:
        return self.stream
