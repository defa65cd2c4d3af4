"""Input and output shapes of the projectors' endpoints (unique names for the schema)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.pagination import page_serializer


class PlayerStatsOutputSerializer(serializers.Serializer):
    player = serializers.CharField()
    tables = serializers.IntegerField(help_text="tables of the club the player sat at")
    deals_played = serializers.IntegerField()
    deals_passed = serializers.IntegerField()
    pots_won = serializers.IntegerField(help_text="pots won, split or shared (count)")
    pot_chips = serializers.IntegerField(help_text="chips taken from pots")
    biggest_pot = serializers.IntegerField(help_text="most chips taken from one deal's pot")
    bourres = serializers.IntegerField()
    reneges = serializers.IntegerField()
    net_chips = serializers.IntegerField(help_text="the player's ledger balance over all tables")


class LeaderboardEntryOutputSerializer(PlayerStatsOutputSerializer):
    rank = serializers.IntegerField()


LeaderboardOutputSerializer = page_serializer(
    LeaderboardEntryOutputSerializer, "players", "LeaderboardPageOutputSerializer"
)


class ProjectionStatusOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["async", "inline", "live"])
    checkpoint = serializers.IntegerField(
        help_text="the events it has read: its checkpoints summed over the club partitions"
    )
    last_position = serializers.IntegerField(
        help_text="the heads of the club partitions it follows, summed"
    )
    lag = serializers.IntegerField(help_text="events behind the head")
    updated_at = serializers.DateTimeField(allow_null=True)
    rebuilding = serializers.BooleanField()


ProjectionListOutputSerializer = page_serializer(
    ProjectionStatusOutputSerializer, "projections", "ProjectionPageOutputSerializer"
)


class TaskRunOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    target = serializers.CharField()
    status = serializers.ChoiceField(choices=["queued", "running", "succeeded", "failed"])
    processed = serializers.IntegerField(help_text="events processed so far")
    total = serializers.IntegerField(help_text="events to process (the log head)")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    error = serializers.CharField(allow_blank=True)
    table = serializers.CharField(
        allow_blank=True, help_text="a rebuild of one table's stream: its id (else empty)"
    )
    verify = serializers.BooleanField(help_text="a rebuild that compares and writes nothing")
    differences = serializers.ListField(
        child=serializers.CharField(),
        help_text="what a verification found, `<projection>: <difference>` each",
    )


class ProjectionRebuildInputSerializer(BodySerializer):
    """What to rebuild of the projection (the body may be empty: all of it)."""

    table = serializers.UUIDField(
        required=False,
        allow_null=True,
        help_text="only this table's stream (table-by-table projections only)",
    )
    verify = serializers.BooleanField(
        required=False,
        default=False,
        help_text="write nothing: the task lists every difference with the stored rows "
        "(table-by-table projections only)",
    )


class TaskRunAcceptedOutputSerializer(TaskRunOutputSerializer):
    url = serializers.URLField(help_text="where to poll the task (also the `Location` header)")


class StandingsRangeQuerySerializer(serializers.Serializer):
    """The days to count (UTC, both inclusive; either may be left out)."""

    vars()["from"] = serializers.DateField(  # `from` is a keyword
        required=False,
        help_text="first club night counted, YYYY-MM-DD (the club's time zone; "
        "a night runs until 06:00)",
    )
    to = serializers.DateField(required=False, help_text="last club night counted, YYYY-MM-DD")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start, end = attrs.get("from"), attrs.get("to")
        if start is not None and end is not None and end < start:
            raise serializers.ValidationError({"to": gettext("must not be before `from`")})
        return attrs
