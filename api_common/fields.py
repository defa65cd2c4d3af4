"""Serializer fields that take JSON as it is: a number is not text, text is not a number.

DRF's CharField turns 1 into "1" and IntegerField turns "7" into 7; for a body those are
client bugs the API should name, not guess at. (Query parameters are always text: they
keep DRF's fields, but for numbers: `QueryIntegerField`.)"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers

from api_common.numbers import ascii_int


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "an array"
    return "an object"


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError(
                gettext("must be text, not %(type)s") % {"type": json_type(data)}
            )
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise serializers.ValidationError(
                gettext("must be an integer, not %(type)s") % {"type": json_type(data)}
            )
        return int(super().to_internal_value(data))


class QueryIntegerField(serializers.IntegerField):
    """A whole number in a query parameter: ASCII digits only (`api_common.numbers`).
    DRF's own takes `١٢` and `1_000` for numbers, and anything `int()` reads."""

    def to_internal_value(self, data: Any) -> int:
        signed = self.min_value is None or self.min_value < 0
        if ascii_int(data, digits=len(str(2**63)), signed=signed) is None:
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            raise serializers.ValidationError(
                gettext("must be true or false, not %(type)s") % {"type": json_type(data)}
            )
        return data
