"""Input and output shapes of the transparency log's endpoints (unique names for the schema)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers


class LogOutputSerializer(serializers.Serializer):
    origin = serializers.CharField(
        help_text="the checkpoints' origin line, `<host>/bourre/<club id>`"
    )
    verifier_key = serializers.CharField(
        help_text="the log's key in the signed-note vkey form `<name>+<key id>+<key>`"
    )
    prefix = serializers.CharField(help_text="the public tlog-tiles prefix URL (no key needed)")
    size = serializers.IntegerField(help_text="entries in the tree now (the club's events)")
    checkpoint = serializers.CharField(
        allow_null=True, help_text="the latest checkpoint as served, with its cosignatures"
    )
    halted_at = serializers.IntegerField(
        allow_null=True, help_text="the position the tree refused (its chain broken), if any"
    )
    halted_reason = serializers.CharField(allow_blank=True)


class ReceiptQuerySerializer(serializers.Serializer):
    event = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="the table's event (stream version); its last if left out",
    )


class ReceiptOutputSerializer(serializers.Serializer):
    table = serializers.UUIDField()
    event = serializers.IntegerField(help_text="the event's version in the table's stream")
    position = serializers.IntegerField(help_text="the event's position in the club's log")
    index = serializers.IntegerField(help_text="its leaf index in the tree (position - 1)")
    checkpoint_size = serializers.IntegerField()
    receipt = serializers.CharField(
        help_text="a C2SP tlog-proof (`c2sp.org/tlog-proof@v1`): the event's leaf as `extra`, "
        "the inclusion proof and the signed checkpoint; save it as a `.tlog-proof` file"
    )


class ConsistencyQuerySerializer(serializers.Serializer):
    vars()["from"] = serializers.IntegerField(min_value=0, help_text="the older tree size")
    to = serializers.IntegerField(min_value=0, help_text="the newer tree size")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["from"] > attrs["to"]:
            raise serializers.ValidationError({"from": gettext("must not be after `to`")})
        return attrs


class ConsistencyOutputSerializer(serializers.Serializer):
    vars()["from"] = serializers.IntegerField()
    to = serializers.IntegerField()
    proof = serializers.ListField(
        child=serializers.CharField(), help_text="RFC 9162 consistency proof, base64 hashes"
    )
