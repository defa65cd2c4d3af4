"""Input and output shapes of the ledger endpoints (names unique across the schema)."""

from __future__ import annotations

from rest_framework import serializers

from api_common.fields import QueryIntegerField
from ledger.findings import CHAIN_CODES, UNBOOKABLE
from table_stream import POSTING_KINDS


class LedgerAsOfInputSerializer(serializers.Serializer):
    at = QueryIntegerField(
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text="global event position: the ledger as it stood just after that event",
    )


class LedgerQueryInputSerializer(LedgerAsOfInputSerializer):
    include_voided = serializers.BooleanField(
        required=False, default=False, help_text="also list legs voided by an undo (marked)"
    )


class LedgerPostingOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="position of the RulingMade event")
    version = serializers.IntegerField(help_text="its version in the table's stream")
    cause_position = serializers.IntegerField(
        allow_null=True, help_text="position of the game event that caused the ruling"
    )
    cause_version = serializers.IntegerField(allow_null=True)
    deal = serializers.IntegerField(allow_null=True, help_text="deal index, 0-based")
    ruling = serializers.CharField(help_text="the ruling's kind (deal_started, pot_won, ...)")
    transaction = serializers.IntegerField(help_text="index of the posting in the ruling")
    leg = serializers.IntegerField(help_text="index of the leg in the posting")
    kind = serializers.CharField(help_text="posting kind: " + ", ".join(POSTING_KINDS))
    account = serializers.CharField(help_text="`pot` or `player:<name>`")
    amount = serializers.IntegerField(help_text="chips, signed: the legs of a posting sum to 0")
    pot_after = serializers.IntegerField(help_text="the running pot after this posting")
    recorded_at = serializers.DateTimeField()
    voided_by = serializers.IntegerField(
        allow_null=True, help_text="position of the undo that voided it (as of `at`)"
    )


class LedgerBalancesOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    at = serializers.IntegerField(allow_null=True, help_text="null: as of now")
    balances = serializers.DictField(
        child=serializers.IntegerField(), help_text="chips each player is up (or owes, < 0)"
    )
    pot = serializers.IntegerField(help_text="chips in the pot; balances and pot sum to 0")


class LedgerOutputSerializer(LedgerBalancesOutputSerializer):
    postings = LedgerPostingOutputSerializer(many=True, help_text="one entry per leg, in order")


class LedgerAuditQueryInputSerializer(serializers.Serializer):
    deal = QueryIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=2**31 - 1,
        help_text="the page's first deal (0-based); follow the answer's `page.next`",
    )


class LedgerAuditPageOutputSerializer(serializers.Serializer):
    first_deal = serializers.IntegerField(allow_null=True, help_text="null: no deal yet")
    last_deal = serializers.IntegerField(allow_null=True)
    deals = serializers.IntegerField(help_text="the table's deals")
    next_deal = serializers.IntegerField(allow_null=True, help_text="null: the last page")
    next = serializers.URLField(allow_null=True, help_text="the next page's URL")
    from_version = serializers.IntegerField()
    to_version = serializers.IntegerField(allow_null=True)
    pot_before = serializers.IntegerField(
        help_text="the stored pot where the page starts (the previous page checks it)"
    )


class LedgerAuditSpanOutputSerializer(serializers.Serializer):
    from_position = serializers.IntegerField()
    to_position = serializers.IntegerField()


class LedgerAuditChainOutputSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    events = serializers.IntegerField(help_text="the page's events")
    span = LedgerAuditSpanOutputSerializer(
        allow_null=True,
        help_text="the club's positions checked: from the one after the previous page's last "
        "event (the table's first event on the first page) to the page's last event",
    )
    checked = serializers.IntegerField(help_text="events of the span whose chain held")
    first_broken = serializers.IntegerField(allow_null=True)
    code = serializers.CharField(
        allow_null=True,
        help_text="why the chain broke, for scripts (null while it holds): "
        + ", ".join(CHAIN_CODES),
    )
    reason = serializers.CharField(
        allow_null=True, help_text="why the chain broke, in the request's language"
    )


class LedgerAuditDifferenceOutputSerializer(serializers.Serializer):
    problem = serializers.ChoiceField(choices=("missing", "extra", "different", "unbookable"))
    position = serializers.IntegerField(required=False)
    transaction = serializers.IntegerField(required=False)
    leg = serializers.IntegerField(required=False)
    field = serializers.CharField(required=False)
    expected = serializers.JSONField(required=False, help_text="what the events give")
    stored = serializers.JSONField(required=False, help_text="what the ledger holds")
    code = serializers.CharField(
        required=False,
        help_text="unbookable: what the ledger could not book, for scripts: "
        + ", ".join(UNBOOKABLE),
    )
    params = serializers.DictField(
        required=False,
        help_text="unbookable: the values the message says (`position`; `posting`, the "
        "posting's index from 0, and its `kind`; `pot`)",
    )
    message = serializers.CharField(
        required=False, help_text="unbookable: what was found, in the request's language"
    )


class LedgerAuditLedgerOutputSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    postings = serializers.IntegerField(help_text="legs stored for the page's events")
    differences = LedgerAuditDifferenceOutputSerializer(many=True)


class LedgerAuditOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    ok = serializers.BooleanField(help_text="the page's verdict")
    page = LedgerAuditPageOutputSerializer()
    chain = LedgerAuditChainOutputSerializer()
    ledger = LedgerAuditLedgerOutputSerializer()
