"""Input and output serializers of the games API, one pair per use case (unique names)."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.fields import QueryBooleanField, StrictCharField, StrictIntegerField
from api_common.numbers import JSON_NUMBER_BOUND
from api_common.pagination import page_serializer
from games.api.contract import schema_field
from games.api.names import clean_player_names
from games.selectors import table_glance, table_seating
from table_stream import PLAYER_NAME_MAX_LENGTH, RULING_MADE

MAX_INT = 2**31 - 1
EVENTS_MAX = 1000  # events in one append request


def check_json_text(value: Any, path: str = "", *, bound_numbers: bool = True) -> Any:
    """Refuse text PostgreSQL cannot store in JSON (NUL, lone surrogates); return the value
    with every text in NFC, so a player named in an event or a transcript is spelled as the
    table keeps names (games/api/names.py). The parser bounds the depth (64). Without
    `bound_numbers` a number past 2^53 is left to the engine (a transcript's: it names the
    deal and the action of a chip amount out of bounds)."""
    if isinstance(value, str):
        if "\x00" in value:
            raise serializers.ValidationError(
                gettext("%(field)s: text may not contain NUL") % {"field": path or "value"}
            )
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise serializers.ValidationError(
                gettext("%(field)s: not valid Unicode") % {"field": path or "value"}
            ) from exc
        return unicodedata.normalize("NFC", value)
    if isinstance(value, dict):
        return {
            check_json_text(key, path): check_json_text(
                item, f"{path}.{key}" if path else str(key), bound_numbers=bound_numbers
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [
            check_json_text(item, f"{path}[{i}]", bound_numbers=bound_numbers)
            for i, item in enumerate(value)
        ]
    if (
        bound_numbers
        and isinstance(value, int)
        and not isinstance(value, bool)
        and abs(value) > JSON_NUMBER_BOUND
    ):
        raise serializers.ValidationError(
            gettext("%(field)s: number out of range") % {"field": path or "value"}
        )
    return value


class SafeJSONField(serializers.JSONField):
    def to_internal_value(self, data: Any) -> Any:
        return check_json_text(super().to_internal_value(data))


# ---------------------------------------------------------------- tables
@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "string", "minLength": 1, "maxLength": PLAYER_NAME_MAX_LENGTH},
        "minItems": 2,
        "maxItems": 52,
    }
)
class _PlayersField(serializers.ListField):
    """A new table's players: the schema says what any variant seats (2 at least, names of
    1 to 100 characters); fewer, or a blank name, is the rules' 422 (`player_count`,
    `invalid_players`), as the app's form says."""


class TableCreateInputSerializer(BodySerializer):
    """The body's shape and types only: what the name, players and options may hold is
    `table_create`'s to say (`games.services.inputs`), as for the app's form."""

    name = StrictCharField(
        trim_whitespace=False, allow_blank=True, help_text="at most 200 characters"
    )
    variant = schema_field(
        "Variant",
        StrictCharField,
        max_length=20,
        help_text="louisiana, ukrainian, occitan or comtadine",
    )
    players = _PlayersField(
        child=StrictCharField(trim_whitespace=False, allow_blank=True),
        max_length=52,
        help_text=f"seat order; names of at most {PLAYER_NAME_MAX_LENGTH} characters are kept "
        "in NFC and must differ beyond case",
    )
    options = schema_field(
        "TableOptionsInput",
        SafeJSONField,
        required=False,
        default=dict,
        help_text="house options of the variant (RULES.md)",
    )

    def validate_options(self, options: Any) -> Any:
        if not isinstance(options, dict):  # a wrong type is the body's fault, not the rules'
            raise serializers.ValidationError(gettext("must be an object"))
        return options


class TableOutputSerializer(serializers.Serializer):
    """A table, with who sits there (from the `table_seating` selector)."""

    id = serializers.UUIDField()
    name = serializers.CharField()
    variant = schema_field("Variant")
    options = schema_field("TableOptions")
    players = serializers.SerializerMethodField(
        help_text="every seat ever taken at the table, in seat order"
    )
    seated = serializers.SerializerMethodField(help_text="who sits there now")
    left = serializers.SerializerMethodField(help_text="who has left")
    closed = serializers.SerializerMethodField(help_text="closed: nothing more is logged")
    version = serializers.IntegerField(source="snapshot.version")
    created_at = serializers.DateTimeField()

    def _seating(self, table: Any) -> dict[str, Any]:
        cache = self.context.setdefault("seatings", {})
        if table.id not in cache:
            cache[table.id] = table_seating(table=table)
        return cache[table.id]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_players(self, table: Any) -> list[str]:
        return list(self._seating(table)["players"])

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_seated(self, table: Any) -> list[str]:
        return list(self._seating(table)["seated"])

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_left(self, table: Any) -> list[str]:
        return list(self._seating(table)["left"])

    def get_closed(self, table: Any) -> bool:
        return bool(self._seating(table)["closed"])


class TableListQueryInputSerializer(serializers.Serializer):
    closed = QueryBooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="only closed tables (true) or only open ones (false); both when absent",
    )


class TableSummaryOutputSerializer(TableOutputSerializer):
    """A table as `GET /tables` lists it: with what a table app shows at a glance."""

    last_activity_at = serializers.DateTimeField(
        help_text="when the table's last event was logged (the app's Tables page order)"
    )

    phase = serializers.SerializerMethodField(help_text="between_deals, declaring, ...")
    pot = serializers.SerializerMethodField(help_text="chips in the pot now")
    to_act = serializers.SerializerMethodField(help_text="whose turn it is (null between deals)")

    def _glance(self, table: Any) -> dict[str, Any]:
        cache = self.context.setdefault("glances", {})
        if table.id not in cache:
            cache[table.id] = table_glance(table=table)
        return cache[table.id]

    def get_phase(self, table: Any) -> str:
        return str(self._glance(table)["phase"])

    def get_pot(self, table: Any) -> int:
        return int(self._glance(table)["pot"])

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_to_act(self, table: Any) -> str | None:
        return self._glance(table)["to_act"]


TableListOutputSerializer = page_serializer(
    TableSummaryOutputSerializer, "tables", "TablePageOutputSerializer"
)


class TranscriptSerializer(serializers.Serializer):
    """A `bourre-transcript/1` document (the engine checks it fully)."""

    format = serializers.CharField(required=False, default="bourre-transcript/1")
    variant = schema_field("Variant", serializers.CharField)
    options = schema_field("TableOptionsInput", serializers.DictField, required=False)
    players = serializers.ListField(
        child=serializers.CharField(), help_text="every seat ever taken, in seat order"
    )
    deals = serializers.ListField(
        child=schema_field("TranscriptDeal", serializers.DictField), required=False
    )
    closed = serializers.BooleanField(
        required=False, help_text="the sitting was closed after its last deal"
    )


class TranscriptInputSerializer(TranscriptSerializer):
    """What `POST /referee` takes: the document must say what it is."""

    format = serializers.ChoiceField(
        choices=["bourre-transcript/1"], help_text="required: `bourre-transcript/1`"
    )


class TranscriptOutputSerializer(TranscriptSerializer):
    pass


def transcript_read(document: Any, *, field_prefix: str) -> Any:
    """A posted `bourre-transcript/1` document as `/referee` and `/tables/import` both read
    it, so the same document gets the same verdict from each: its text in NFC, its players'
    names checked as a table's (`field_prefix` locates them); the engine checks the rest.
    (`/referee` read it as sent: a player named in NFD and a dealer in NFC were refused as
    two people, and names a table may not hold were ruled, then refused by the import.)"""
    document = check_json_text(document, bound_numbers=False)
    players = document.get("players") if isinstance(document, dict) else None
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        clean_player_names(players, field_prefix=field_prefix)
    return document


class TableImportInputSerializer(BodySerializer):
    name = StrictCharField(max_length=200)
    transcript = schema_field("Transcript", help_text="a bourre-transcript/1 document")

    def validate_transcript(self, transcript: Any) -> Any:
        return transcript_read(transcript, field_prefix="transcript.players")


# ---------------------------------------------------------------- events
class EventsAppendInputSerializer(BodySerializer):
    expected_version = StrictIntegerField(
        min_value=0, max_value=MAX_INT, help_text="the table's current version"
    )
    events = serializers.ListField(
        child=schema_field("PostedEvent", SafeJSONField),
        min_length=1,
        max_length=EVENTS_MAX,
        help_text='each {"deal": {...}}, a transcript action, {"undo": {"reason": ...}}, or '
        'between deals {"join": {"player", "seat_after"}}, {"leave": {"player"}}, {"close": {}}',
    )


class EventUndoneOutputSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    reason = serializers.CharField(allow_blank=True)
    undone_version = serializers.IntegerField()
    undone_type = serializers.CharField()
    voided_versions = serializers.ListField(child=serializers.IntegerField())


class EventsAppendOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    version = serializers.IntegerField()
    rulings = serializers.ListField(child=schema_field(RULING_MADE))
    undone = EventUndoneOutputSerializer(many=True)
    state = schema_field(
        "TableState",
        required=False,
        help_text="left out when the request said `Prefer: return=minimal`",
    )


class EventOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    version = serializers.IntegerField()
    type = serializers.CharField()
    schema_version = serializers.IntegerField()
    data = serializers.JSONField()
    metadata = serializers.JSONField()
    recorded_at = serializers.DateTimeField()
    hash = serializers.CharField()
    prev_hash = serializers.CharField()


class EventPageOutputSerializer(serializers.Serializer):
    """A page of the log: each event by its `type` (the `Event` schema), with `undone_by`."""

    events = serializers.ListField(child=schema_field("Event"))
    next = serializers.URLField(
        allow_null=True, help_text="the next page (same query, a new cursor); null at the end"
    )


# ---------------------------------------------------------------- rulings
class DealOutputSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    ruling = schema_field("DealSummary", allow_null=True)
    events = serializers.ListField(child=schema_field("Event"))
