"""The stored events of a table's log (`GET /tables/{id}/events`, the stream, a deal's
events): one schema per event type, by its `type` (table_stream's TypedDicts)."""

from __future__ import annotations

from games.api.contract.rulings import made_family
from games.api.contract.shapes import (
    CARD,
    CARDS,
    CHIPS,
    COUNT,
    PLAYER,
    PLAYERS,
    Schema,
    closed,
    const,
    null_or,
    one_of,
    ref,
)
from table_stream import (
    CARD_PLAYED,
    CARD_RETRACTED,
    CARDS_EXCHANGED,
    DEAL_STARTED,
    EVENT_UNDONE,
    PLAYER_DECLARED,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
    TABLE_CREATED,
    TURN_PASSED,
)

_TRUE: Schema = {"type": "boolean", "const": True}

#: Each event type's `data` (table_stream.events).
_DATA: dict[str, Schema] = {
    TABLE_CREATED: closed(
        {
            "table_id": {"type": "string", "format": "uuid"},
            "club_id": {"type": "string", "format": "uuid"},
            "name": {"type": "string"},
            "variant": ref("Variant"),
            "options": ref("TableOptions"),
            "players": PLAYERS,
        }
    ),
    DEAL_STARTED: closed(
        {
            "dealer": PLAYER,
            "ante": CHIPS,
            "seated": PLAYERS,
            "hands": {"type": "object", "additionalProperties": CARDS},
            "trump": CARD,
        },
        optional=("ante", "seated", "hands", "trump"),
    ),
    PLAYER_DECLARED: closed({"player": PLAYER, "declare": ref("Declaration")}),
    CARDS_EXCHANGED: closed(
        {"player": PLAYER, "exchange": COUNT, "discard": CARDS, "draw": CARDS},
        optional=("discard", "draw"),
    ),
    CARD_PLAYED: closed({"player": PLAYER, "play": CARD}),
    CARD_RETRACTED: closed({"player": PLAYER, "retract": _TRUE}),
    TURN_PASSED: closed({"player": PLAYER, "pass_turn": _TRUE}),
    PLAYER_JOINED: closed({"player": PLAYER, "seat_after": null_or(PLAYER)}),
    PLAYER_LEFT: closed({"player": PLAYER}),
    TABLE_CLOSED: closed({}),
    EVENT_UNDONE: closed(
        {
            "reason": {"type": "string"},
            "undone_version": COUNT,
            "undone_type": {"type": "string"},
            "voided_versions": {"type": "array", "items": COUNT},
        }
    ),
}

_COMMON: dict[str, Schema] = {
    "position": {**COUNT, "description": "the event's place in the whole log"},
    "version": {**COUNT, "description": "the event's place in its table's stream, from 1"},
    "schema_version": {"type": "integer"},
    "metadata": ref("EventMetadata"),
    "recorded_at": {"type": "string", "format": "date-time"},
    "hash": {"type": "string"},
    "prev_hash": {"type": "string"},
    "undone_by": null_or(
        {
            **COUNT,
            "description": "the version of the `EventUndone` that took it back; in the "
            "events list (the stream and a deal's events leave it out of the stream)",
        }
    ),
}


def _event(kind: str) -> Schema:
    properties = {
        "position": _COMMON["position"],
        "version": _COMMON["version"],
        "type": const(kind),
        **{k: v for k, v in _COMMON.items() if k not in ("position", "version")},
        "data": ref(f"{kind}Data"),
    }
    return closed(properties, optional=("undone_by",), description=f"A `{kind}` event")


LOG_SCHEMAS: dict[str, Schema] = {
    "StoredPosting": closed(
        {
            "kind": ref("PostingKind"),
            "legs": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": ["string", "integer"]},
                    "minItems": 2,
                    "maxItems": 2,
                    "description": '`["player:<name>" or "pot", amount]`',
                },
            },
        },
        description="A posting as the log keeps it: each leg an `[account, amount]` pair",
    ),
    "EventMetadata": {
        "type": "object",
        "properties": {
            "actor": {
                "type": "object",
                "properties": {
                    "key_id": null_or({"type": "string"}),
                    "name": null_or({"type": "string"}),
                },
            },
            "client": null_or({"type": "string", "description": "the User-Agent"}),
            "correlation_id": {"type": "string", "description": "one per request"},
            "idempotency_key": null_or({"type": "string"}),
        },
        "description": "Who logged the event, from where (writers may add more)",
    },
    **{f"{kind}Data": schema for kind, schema in _DATA.items()},
    **made_family("RulingMadeData", "StoredPosting", with_version=False),
    **{f"{kind}Event": _event(kind) for kind in (*_DATA, RULING_MADE)},
    "Event": {
        **one_of(
            [f"{kind}Event" for kind in (*_DATA, RULING_MADE)],
            discriminator="type",
            **{kind: f"{kind}Event" for kind in (*_DATA, RULING_MADE)},
        ),
        "description": "One event of a table's log, by its `type`",
    },
}
