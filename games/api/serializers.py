"""Input and output serializers of the games API, one pair per use case (unique names)."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.fields import StrictCharField, StrictIntegerField
from api_common.numbers import JSON_NUMBER_BOUND
from api_common.pagination import page_serializer
from games.api.names import clean_player_names
from games.selectors import table_glance, table_seating
from table_stream import PLAYER_NAME_MAX_LENGTH

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
class TableCreateInputSerializer(BodySerializer):
    """The body's shape and types only: what the name, players and options may hold is
    `table_create`'s to say (`games.services.inputs`), as for the app's form."""

    name = StrictCharField(
        trim_whitespace=False, allow_blank=True, help_text="at most 200 characters"
    )
    variant = StrictCharField(max_length=20, help_text="louisiana, ukrainian, occitan or comtadine")
    players = serializers.ListField(
        child=StrictCharField(trim_whitespace=False, allow_blank=True),
        max_length=52,
        help_text=f"seat order; names of at most {PLAYER_NAME_MAX_LENGTH} characters are kept "
        "in NFC and must differ beyond case",
    )
    options = SafeJSONField(required=False, default=dict, help_text="house options (RULES.md)")

    def validate_options(self, options: Any) -> Any:
        if not isinstance(options, dict):  # a wrong type is the body's fault, not the rules'
            raise serializers.ValidationError(gettext("must be an object"))
        return options


class TableOutputSerializer(serializers.Serializer):
    """A table, with who sits there (from the `table_seating` selector)."""

    id = serializers.UUIDField()
    name = serializers.CharField()
    variant = serializers.CharField()
    options = serializers.DictField()
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
    closed = serializers.BooleanField(
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
    players = serializers.ListField(
        child=serializers.CharField(), help_text="every seat ever taken, in seat order"
    )
    deals = serializers.ListField(child=serializers.DictField(), required=False)
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
    transcript = serializers.JSONField(help_text="a bourre-transcript/1 document")

    def validate_transcript(self, transcript: Any) -> Any:
        return transcript_read(transcript, field_prefix="transcript.players")


# ---------------------------------------------------------------- events
class EventsAppendInputSerializer(BodySerializer):
    expected_version = StrictIntegerField(
        min_value=0, max_value=MAX_INT, help_text="the table's current version"
    )
    events = serializers.ListField(
        child=SafeJSONField(),
        min_length=1,
        max_length=EVENTS_MAX,
        help_text='each {"deal": {...}}, a transcript action, {"undo": {"reason": ...}}, or '
        'between deals {"join": {"player", "seat_after"}}, {"leave": {"player"}}, {"close": {}}',
    )


class PostingLegOutputSerializer(serializers.Serializer):
    account = serializers.CharField(help_text="`pot` or `player:<name>`, as in the ledger")
    amount = serializers.IntegerField(help_text="chips, signed: a posting's legs sum to 0")


class PostingOutputSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="ante, exchange_fee, pot_won, penalty, ...")
    legs = PostingLegOutputSerializer(many=True)


class RulingMadeOutputSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="version of the RulingMade event")
    kind = serializers.CharField()
    ruling = serializers.DictField()
    postings = PostingOutputSerializer(many=True)
    rules_version = serializers.CharField()
    cause_version = serializers.IntegerField()
    deal = serializers.IntegerField(allow_null=True)


class EventUndoneOutputSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    reason = serializers.CharField(allow_blank=True)
    undone_version = serializers.IntegerField()
    undone_type = serializers.CharField()
    voided_versions = serializers.ListField(child=serializers.IntegerField())


class NextDealOutputSerializer(serializers.Serializer):
    dealer = serializers.CharField(
        allow_null=True, help_text="left of the last dealer (rotation is not enforced)"
    )
    exempt = serializers.ListField(
        child=serializers.CharField(), help_text="players who pay no ordinary ante next deal"
    )


class TableStateOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    version = serializers.IntegerField()
    variant = serializers.CharField()
    options = serializers.DictField()
    players = serializers.ListField(
        child=serializers.CharField(), help_text="every seat ever taken, in seat order"
    )
    seated = serializers.ListField(child=serializers.CharField(), help_text="at the table now")
    left = serializers.ListField(child=serializers.CharField(), help_text="has left the table")
    closed = serializers.BooleanField()
    closing = serializers.DictField(
        allow_null=True, help_text="once closed: the pot shared out and the transfers"
    )
    phase = serializers.CharField(
        help_text="between_deals, declaring, exchanging, playing, or closed"
    )
    deals_settled = serializers.IntegerField()
    pot = serializers.IntegerField()
    balances = serializers.DictField(child=serializers.IntegerField())
    owes_next_deal = serializers.DictField()
    deal = serializers.DictField(allow_null=True)
    to_act = serializers.CharField(allow_null=True)
    legal_plays = serializers.DictField(allow_null=True)
    next_deal = NextDealOutputSerializer(
        allow_null=True, help_text="between deals only: who deals next and who is exempt"
    )


class EventsAppendOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    version = serializers.IntegerField()
    rulings = RulingMadeOutputSerializer(many=True)
    undone = EventUndoneOutputSerializer(many=True)
    state = TableStateOutputSerializer(
        required=False, help_text="left out when the request said `Prefer: return=minimal`"
    )


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


class EventListItemOutputSerializer(EventOutputSerializer):
    undone_by = serializers.IntegerField(
        allow_null=True, help_text="version of the `EventUndone` that took it back, if any"
    )


EventPageOutputSerializer = page_serializer(
    EventListItemOutputSerializer, "events", "EventPageOutputSerializer"
)


# ---------------------------------------------------------------- rulings
class RulingDocumentOutputSerializer(serializers.Serializer):
    format = serializers.CharField()
    deals = serializers.ListField(child=serializers.DictField())
    balances = serializers.DictField(child=serializers.IntegerField())
    pot = serializers.IntegerField()
    closing = serializers.DictField(
        required=False, help_text="closed sittings: `pot`, `shares`, `transfers`"
    )


class DealOutputSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    ruling = serializers.DictField()
    events = EventListItemOutputSerializer(many=True)
