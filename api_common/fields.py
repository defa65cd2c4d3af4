"""Serializer fields that take JSON as it is: a number is not text, text is not a number.

DRF's CharField turns 1 into "1" and IntegerField turns "7" into 7; for a body those are
client bugs the API should name, not guess at. (Query parameters are always text: they
keep DRF's fields.)"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers


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


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            raise serializers.ValidationError(
                gettext("must be true or false, not %(type)s") % {"type": json_type(data)}
            )
        return data


class QueryIntegerField(serializers.IntegerField):
    """A whole number in the query, written as one: ASCII digits (a leading `-` where the
    field takes negatives). DRF's IntegerField also took `0.0` and `1e0`, which the schema
    (`type: integer`) does not: a client generated from it never sends them, and a server
    that takes them lets a typo through."""

    def to_internal_value(self, data: Any) -> int:
        text = data.strip() if isinstance(data, str) else data
        digits = text[1:] if isinstance(text, str) and text.startswith("-") else text
        if not (isinstance(digits, str) and digits.isascii() and digits.isdigit()):
            raise serializers.ValidationError(gettext("must be a whole number"))
        return int(super().to_internal_value(text))


class QueryBooleanField(serializers.BooleanField):
    """`true` or `false` in the query, as the schema (`type: boolean`) writes them. DRF's
    BooleanField also took `0`, `yes`, `on`, `T`...: a client generated from the schema never
    sends those, and a server that takes them reads a typo as a choice."""

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):  # DRF's own default for a parameter left out of a query
            return data
        if data in ("true", "false"):
            return data == "true"
        raise serializers.ValidationError(gettext("must be true or false"))
