"""A request body that names only the fields it has.

DRF drops a body's unknown fields without a word: `{"option": {"ante": 5}}` made a table
with the default ante, and a client never learnt that `options` was misspelt. A body
serializer built on `BodySerializer` refuses them, as a 400 `invalid_request` naming each
one, together with the body's other invalid fields. (Query parameters keep DRF's leniency:
`cursor`, `limit` and `format` are read elsewhere.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers


class BodySerializer(serializers.Serializer):
    def to_internal_value(self, data: Any) -> Any:
        unknown = {
            str(name): [gettext("is not a field of this request")]
            for name in (data if isinstance(data, Mapping) else ())
            if name not in self.fields
        }
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as invalid:
            if unknown and isinstance(invalid.detail, dict):
                raise serializers.ValidationError({**invalid.detail, **unknown}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


class BodySerializerSchema(OpenApiSerializerExtension):
    """The schema says so too (`additionalProperties: false`): a client generated from it
    knows an unknown field is refused, and schemathesis sends one to check it is."""

    target_class = BodySerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["additionalProperties"] = False
        return schema
