"""Input and output serializers of the audits API (unique names for drf-spectacular)."""

from __future__ import annotations

from rest_framework import serializers

from api_common.pagination import page_serializer
from ledger.findings import CHAIN_CODES


class AuditRequestedOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.CharField()
    url = serializers.CharField(help_text="where to poll the run")


class AuditChainOutputSerializer(serializers.Serializer):
    ok = serializers.BooleanField(allow_null=True, help_text="null until checked")
    checked_events = serializers.IntegerField()
    head_position = serializers.IntegerField(allow_null=True, help_text="log head at the start")
    first_broken_position = serializers.IntegerField(allow_null=True)
    club = serializers.CharField(allow_null=True, help_text="the club whose chain broke")
    code = serializers.CharField(
        allow_null=True,
        help_text="why the chain broke, for scripts (null while it holds, and on runs stored "
        "before codes were): " + ", ".join(CHAIN_CODES),
    )
    reason = serializers.CharField(
        allow_blank=True,
        help_text="the club and why, in the request's language (a run stored before codes "
        "were: its English)",
    )


class AuditTableDifferenceOutputSerializer(serializers.Serializer):
    table_id = serializers.CharField()
    stream = serializers.CharField()
    first_difference = serializers.DictField(
        help_text="the ledger's own difference record: problem, position, field, expected, "
        "stored; an unbookable one has its code, params and message (in the request's "
        "language), as GET /tables/{id}/audit"
    )
    differences = serializers.ListField(child=serializers.DictField(), help_text="the first 50")


class AuditLedgerOutputSerializer(serializers.Serializer):
    ok = serializers.BooleanField(allow_null=True, help_text="your club's tables all match")
    tables_checked = serializers.IntegerField(help_text="your club's tables")
    differences = AuditTableDifferenceOutputSerializer(many=True)


class AuditRunOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=["queued", "running", "succeeded", "failed"])
    trigger = serializers.CharField()
    scope = serializers.ChoiceField(
        choices=["club", "log"], help_text="club: one club's ledgers; log: the whole log"
    )
    ok = serializers.BooleanField(
        allow_null=True,
        help_text="your club's ledgers hold (and, for the operator, the chain); null until done",
    )
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    chain = AuditChainOutputSerializer(
        allow_null=True, help_text="the shared log's hash chain: the operator's key only"
    )
    ledger = AuditLedgerOutputSerializer()
    error = serializers.CharField(allow_blank=True)


AuditRunListOutputSerializer = page_serializer(
    AuditRunOutputSerializer, "audits", "AuditRunPageOutputSerializer"
)
