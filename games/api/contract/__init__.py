"""The table's shapes in the OpenAPI document, as named JSON Schemas (OpenAPI 3.1).

The serializers of the games API describe the envelopes (a page, a response's fields);
what is inside them is the referee's: the posted events, the state a table app shows, the
legal plays, every ruling kind, a deal, the house options of each variant, the stored
events of the log. Those are written here once, as the JSON Schema each is, and added to
the schema's components by `add_components` (a drf-spectacular post-processing hook); a
serializer field points at one with `schema_field(NAME)`. Each shape is the one the code
sends (games/engine/view.py `table_view`, table_stream's TypedDicts, `bourre-ruling/1` in
TRANSCRIPT.md), and the tests validate live answers against them
(tests/games/api/test_contract.py), so the document cannot drift from the server.

The posted events are told apart by the key each has (`play`, `deal`, `undo`, ...), not by a
`type` field, so their `oneOf` has no OpenAPI `discriminator` (which names a property whose
value picks the schema); each is closed (`additionalProperties: false`, as
games/api/event_fields.py refuses an unknown field), so exactly one matches. The rulings
and the log's events do carry their kind (`kind`, `type`) and are discriminated by it.
"""

from __future__ import annotations

import copy
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.contract.log import LOG_SCHEMAS
from games.api.contract.posted import POSTED_SCHEMAS
from games.api.contract.rulings import RULING_SCHEMAS
from games.api.contract.state import STATE_SCHEMAS

COMPONENTS: dict[str, dict[str, Any]] = {
    **POSTED_SCHEMAS,
    **STATE_SCHEMAS,
    **RULING_SCHEMAS,
    **LOG_SCHEMAS,
}


def ref(name: str) -> dict[str, str]:
    if name not in COMPONENTS:
        raise KeyError(f"no component schema {name!r} in games.api.contract")
    return {"$ref": f"#/components/schemas/{name}"}


def schema_field(
    name: str, base: type[serializers.Field] = serializers.JSONField, **kwargs: Any
) -> serializers.Field:
    """A serializer field (`base`, a JSONField by default: the value passes as is) whose
    schema is the named component."""
    field = extend_schema_field(ref(name))(type(f"{name}Field", (base,), {}))
    return field(**kwargs)  # type: ignore[no-any-return]


def add_components(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: the named shapes into `components.schemas`."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in COMPONENTS.items():
        schemas.setdefault(name, copy.deepcopy(schema))  # later hooks may add to it
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result
