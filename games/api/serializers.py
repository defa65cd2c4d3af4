"""Input and output serializers of the games API, one pair per use case (unique names)."""

from __future__ import annotations

import unicodedata
from typing import Any

from rest_framework import serializers

from clubs.api.fields import StrictCharField, StrictIntegerField
from games.api.names import clean_player_names

MAX_INT = 2**31 - 1


def check_json_text(value: Any, path: str = "") -> Any:
    """Refuse text PostgreSQL cannot store in JSON (NUL, lone surrogates); return the value
    with every text in NFC, so a player named in an event or a transcript is spelled as the
    table keeps names (games/api/names.py). The parser bounds the depth (64)."""
    if isinstance(value, str):
        if "\x00" in value:
            raise serializers.ValidationError(f"{path or 'value'}: text may not contain NUL")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise serializers.ValidationError(f"{path or 'value'}: not valid Unicode") from exc
        return unicodedata.normalize("NFC", value)
    if isinstance(value, dict):
        return {
            check_json_text(key, path): check_json_text(item, f"{path}.{key}" if path else str(key))
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [check_json_text(item, f"{path}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        raise serializers.ValidationError(f"{path or 'value'}: number out of range")
    return value


class SafeJSONField(serializers.JSONField):
    def to_internal_value(self, data: Any) -> Any:
        return check_json_text(super().to_internal_value(data))


# ---------------------------------------------------------------- tables
class TableCreateInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=200)
    variant = StrictCharField(max_length=20, help_text="louisiana, ukrainian, occitan or comtadine")
    players = serializers.ListField(
        child=StrictCharField(max_length=100, trim_whitespace=False),
        max_length=52,
        help_text="seat order; names are kept in NFC and must differ beyond case",
    )
    options = SafeJSONField(required=False, default=dict, help_text="house options (RULES.md)")

    def validate_players(self, names: list[str]) -> list[str]:
        return clean_player_names(names)


class TableOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    variant = serializers.CharField()
    options = serializers.DictField()
    players = serializers.ListField(child=serializers.CharField())
    version = serializers.IntegerField(source="projection.version")
    created_at = serializers.DateTimeField()


class TableListOutputSerializer(serializers.Serializer):
    tables = TableOutputSerializer(many=True)
    next = serializers.UUIDField(
        allow_null=True, help_text="Pass as `after` for the next page; null on the last page."
    )


class TablePageQuerySerializer(serializers.Serializer):
    after = serializers.UUIDField(required=False, help_text="The last table id of the page before.")
    limit = serializers.IntegerField(min_value=1, max_value=500, default=100)


class TranscriptDealSerializer(serializers.Serializer):
    dealer = serializers.CharField(required=False)
    ante = serializers.IntegerField(required=False)
    seated = serializers.ListField(child=serializers.CharField(), required=False)
    hands = serializers.DictField(required=False)
    trump = serializers.CharField(required=False)
    actions = serializers.ListField(child=serializers.DictField(), required=False)


class TranscriptSerializer(serializers.Serializer):
    """A `bourre-transcript/1` document (the engine checks it fully)."""

    format = serializers.CharField(required=False, default="bourre-transcript/1")
    variant = serializers.CharField()
    options = serializers.DictField(required=False)
    players = serializers.ListField(child=serializers.CharField())
    deals = serializers.ListField(child=serializers.DictField(), required=False)


class TranscriptInputSerializer(TranscriptSerializer):
    pass


class TranscriptOutputSerializer(TranscriptSerializer):
    pass


class TableImportInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=200)
    transcript = SafeJSONField(help_text="a bourre-transcript/1 document")

    def validate_transcript(self, transcript: Any) -> Any:
        players = transcript.get("players") if isinstance(transcript, dict) else None
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            clean_player_names(players, field_prefix="transcript.players")
        return transcript  # the engine checks the rest


# ---------------------------------------------------------------- events
class EventsAppendInputSerializer(serializers.Serializer):
    expected_version = StrictIntegerField(
        min_value=0, max_value=MAX_INT, help_text="the table's current version"
    )
    events = serializers.ListField(
        child=SafeJSONField(),
        min_length=1,
        max_length=1000,
        help_text='each {"deal": {...}}, a transcript action, or {"undo": {"reason": ...}}',
    )


class RulingMadeOutputSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="version of the RulingMade event")
    kind = serializers.CharField()
    ruling = serializers.DictField()
    postings = serializers.ListField(child=serializers.DictField())
    rules_version = serializers.CharField()
    cause_version = serializers.IntegerField()
    deal = serializers.IntegerField(allow_null=True)


class EventUndoneOutputSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    reason = serializers.CharField(allow_blank=True)
    undone_version = serializers.IntegerField()
    undone_type = serializers.CharField()
    voided_versions = serializers.ListField(child=serializers.IntegerField())


class TableStateOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    version = serializers.IntegerField()
    variant = serializers.CharField()
    options = serializers.DictField()
    players = serializers.ListField(child=serializers.CharField())
    phase = serializers.CharField()
    deals_settled = serializers.IntegerField()
    pot = serializers.IntegerField()
    balances = serializers.DictField(child=serializers.IntegerField())
    owes_next_deal = serializers.DictField()
    deal = serializers.DictField(allow_null=True)
    to_act = serializers.CharField(allow_null=True)
    legal_plays = serializers.DictField(allow_null=True)


class EventsAppendOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    version = serializers.IntegerField()
    rulings = RulingMadeOutputSerializer(many=True)
    undone = EventUndoneOutputSerializer(many=True)
    state = TableStateOutputSerializer()


class EventOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    version = serializers.IntegerField()
    type = serializers.CharField()
    schema_version = serializers.IntegerField()
    data = serializers.DictField()
    metadata = serializers.DictField()
    recorded_at = serializers.DateTimeField()
    hash = serializers.CharField()
    prev_hash = serializers.CharField()


class EventPageOutputSerializer(serializers.Serializer):
    events = EventOutputSerializer(many=True)
    next_after = serializers.IntegerField(
        allow_null=True, help_text="pass as ?after= for the next page; null at the end"
    )


class EventPageQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(min_value=0, max_value=2**62, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1000, default=100)


# ---------------------------------------------------------------- rulings
class RulingDocumentOutputSerializer(serializers.Serializer):
    format = serializers.CharField()
    deals = serializers.ListField(child=serializers.DictField())
    balances = serializers.DictField(child=serializers.IntegerField())
    pot = serializers.IntegerField()


class DealOutputSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    ruling = serializers.DictField()
    events = EventOutputSerializer(many=True)
