"""Small builders for the contract's JSON Schemas (OpenAPI 3.1 is JSON Schema 2020-12)."""

from __future__ import annotations

from typing import Any

from table_stream import PLAYER_NAME_MAX_LENGTH

Schema = dict[str, Any]

#: A chip amount or a count: the engine keeps them within 2^53 - 1 (what JavaScript holds).
CHIPS: Schema = {"type": "integer", "minimum": -(2**53 - 1), "maximum": 2**53 - 1}
COUNT: Schema = {"type": "integer", "minimum": 0}
PLAYER: Schema = {"type": "string", "minLength": 1, "maxLength": PLAYER_NAME_MAX_LENGTH}
CARD: Schema = {
    "type": "string",
    "minLength": 1,
    "description": "a card: rank and suit (`TS`, `10h`, `Q♥` when posted; the canonical "
    "`TS` when read)",
}
SUIT: Schema = {"$ref": "#/components/schemas/Suit"}
PLAYERS: Schema = {"type": "array", "items": PLAYER}
CARDS: Schema = {"type": "array", "items": CARD}
#: Chips per player, keyed by the player's name.
PLAYER_CHIPS: Schema = {"type": "object", "additionalProperties": CHIPS}
PLAYER_COUNTS: Schema = {"type": "object", "additionalProperties": COUNT}


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def null_or(schema: Schema) -> Schema:
    """`schema` or null (OpenAPI 3.1: a type list, or a `oneOf` with null for a `$ref`)."""
    if "$ref" in schema or "enum" in schema:  # an enum with null in it confuses generators
        return {"oneOf": [schema, {"type": "null"}]}
    kind = schema["type"]
    return {**schema, "type": [*(kind if isinstance(kind, list) else [kind]), "null"]}


def closed(
    properties: dict[str, Schema],
    *,
    optional: tuple[str, ...] = (),
    description: str | None = None,
) -> Schema:
    """An object with exactly these properties (all required but `optional`), no others."""
    schema: Schema = {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }
    if description:
        schema["description"] = description
    return schema


def const(value: str) -> Schema:
    return {"type": "string", "const": value}


def one_of(names: list[str], *, discriminator: str | None = None, **mapping: str) -> Schema:
    schema: Schema = {"oneOf": [ref(name) for name in names]}
    if discriminator is not None:
        schema["discriminator"] = {
            "propertyName": discriminator,
            "mapping": {value: ref(name)["$ref"] for value, name in mapping.items()},
        }
    return schema
