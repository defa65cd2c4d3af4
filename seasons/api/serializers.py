"""Input and output shapes of the seasons' and players' endpoints (unique names for the
schema). The input serializers check types only; what a season may be is the services'
verdict (`seasons.services`), the same for the app's form."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.fields import StrictCharField, StrictIntegerField
from api_common.pagination import page_serializer
from seasons.models import PointsRule
from seasons.rules import MINIMUM_NIGHTS_MAX, PLACES_MAX, POINTS_MAX

_RULE_HELP = (
    "`net_chips` (default): the chips won and lost; `places`: each night's finishing place "
    "by net chips, scored by `points_table`; `pots_won`: one point a pot taken"
)
_TABLE_HELP = (
    f"the points of the 1st, 2nd, ... place of a night (the `places` rule only, which needs "
    f"it): whole numbers from 0 to {POINTS_MAX}, at most {PLACES_MAX} places"
)


class SeasonCreateInputSerializer(BodySerializer):
    name = StrictCharField(max_length=200, help_text="unique in the club, ignoring case")
    first_night = serializers.DateField(help_text="the first club night, YYYY-MM-DD")
    last_night = serializers.DateField(help_text="the last club night, YYYY-MM-DD (inclusive)")
    points_rule = serializers.ChoiceField(
        choices=PointsRule.choices,
        required=False,
        default=PointsRule.NET_CHIPS,
        help_text=_RULE_HELP,
    )
    points_table = serializers.ListField(
        child=StrictIntegerField(),
        required=False,
        default=list,
        max_length=1000,
        help_text=_TABLE_HELP,
    )
    minimum_nights = StrictIntegerField(
        required=False,
        default=0,
        help_text=f"nights a player must have played to be ranked (0 to {MINIMUM_NIGHTS_MAX})",
    )


class SeasonUpdateInputSerializer(BodySerializer):
    """Any of the settings; the others are kept."""

    name = StrictCharField(max_length=200, required=False)
    first_night = serializers.DateField(required=False)
    last_night = serializers.DateField(required=False)
    points_rule = serializers.ChoiceField(
        choices=PointsRule.choices, required=False, help_text=_RULE_HELP
    )
    points_table = serializers.ListField(
        child=StrictIntegerField(),
        required=False,
        max_length=1000,
        help_text=f"{_TABLE_HELP}; leaving the `places` rule drops it",
    )
    minimum_nights = StrictIntegerField(required=False)


class SeasonOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    first_night = serializers.DateField()
    last_night = serializers.DateField()
    points_rule = serializers.ChoiceField(choices=PointsRule.choices)
    points_table = serializers.ListField(child=serializers.IntegerField())
    minimum_nights = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


SeasonListOutputSerializer = page_serializer(
    SeasonOutputSerializer, "seasons", "SeasonPageOutputSerializer"
)


def _rounded(value: float) -> float:
    return round(value, 3)


class RatingOutputSerializer(serializers.Serializer):
    """A rating: the ordinal is mu - 3 sigma (to 3 places, as mu and sigma)."""

    ordinal = serializers.SerializerMethodField()
    mu = serializers.SerializerMethodField()
    sigma = serializers.SerializerMethodField(help_text="the rating's uncertainty")
    deals = serializers.IntegerField(help_text="deals rated so far")

    def get_ordinal(self, rating: Any) -> float:
        return _rounded(rating.ordinal)

    def get_mu(self, rating: Any) -> float:
        return _rounded(rating.mu)

    def get_sigma(self, rating: Any) -> float:
        return _rounded(rating.sigma)


class SeasonStandingOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="null: fewer nights than the season's minimum"
    )
    player = serializers.CharField()
    nights = serializers.IntegerField(help_text="nights dealt in")
    points = serializers.IntegerField()
    net_chips = serializers.IntegerField()
    pots_won = serializers.IntegerField()
    bourres = serializers.IntegerField()
    reneges = serializers.IntegerField()
    biggest_pot = serializers.IntegerField()
    rating = RatingOutputSerializer(
        allow_null=True, help_text="the rating after the season's last night (or now)"
    )


SeasonStandingsPageOutputSerializer = page_serializer(
    SeasonStandingOutputSerializer, "players", "SeasonStandingsPageOutputSerializer"
)


class NightNetOutputSerializer(serializers.Serializer):
    night = serializers.DateField()
    net_chips = serializers.IntegerField()
    running = serializers.IntegerField(help_text="the net over every night up to this one")


class PlayerProfileOutputSerializer(serializers.Serializer):
    player = serializers.CharField()
    tables = serializers.IntegerField(help_text="tables of the club the player sat at")
    nights = serializers.IntegerField(help_text="club nights dealt in")
    deals_played = serializers.IntegerField()
    deals_passed = serializers.IntegerField()
    pots_won = serializers.IntegerField()
    biggest_pot = serializers.IntegerField()
    bourres = serializers.IntegerField()
    bourre_rate = serializers.SerializerMethodField(help_text="bourrés per deal played")
    reneges = serializers.IntegerField()
    net_chips = serializers.IntegerField()
    rating = RatingOutputSerializer(allow_null=True)
    recent_nights = NightNetOutputSerializer(
        many=True, help_text="the last 100 nights played, oldest first"
    )

    def get_bourre_rate(self, profile: Any) -> float:
        return round(profile.bourre_rate, 4)


class RatingNightOutputSerializer(RatingOutputSerializer):
    night = serializers.DateField(help_text="the club night; the rating after its last deal")


RatingHistoryOutputSerializer = page_serializer(
    RatingNightOutputSerializer, "ratings", "RatingHistoryPageOutputSerializer"
)
