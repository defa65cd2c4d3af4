"""What a table app posts in `POST /tables/{id}/events`: one schema per kind of event.

Each names exactly the fields `games.sitting.commands.command_parse` reads and
games/api/event_fields.py lets through (any other field is refused), so each is closed;
the kinds differ by their one required key, so `PostedEvent`'s `oneOf` picks exactly one.
"""

from __future__ import annotations

from common.text_rules import UNDO_REASON_MAX_LENGTH
from games.api.contract.shapes import (
    CARD,
    CARDS,
    CHIPS,
    PLAYER,
    PLAYERS,
    Schema,
    closed,
    null_or,
    one_of,
    ref,
)

_KINDS = {
    "DealEvent": "deal",
    "DeclareEvent": "declare",
    "ExchangeEvent": "exchange",
    "PlayEvent": "play",
    "RetractEvent": "retract",
    "PassTurnEvent": "pass_turn",
    "JoinEvent": "join",
    "LeaveEvent": "leave",
    "CloseEvent": "close",
    "UndoEvent": "undo",
}

_TRUE: Schema = {"type": "boolean", "const": True}

_DEAL_HEADER = closed(
    {
        "dealer": PLAYER,
        "ante": null_or({**CHIPS, "minimum": 0, "description": "this deal's ordinary ante"}),
        "seated": null_or({**PLAYERS, "description": "who plays this deal (default all)"}),
        "hands": null_or(
            {
                "type": "object",
                "additionalProperties": {**CARDS, "maxItems": 5},
                "description": "the cards dealt, for any of the players who are seated",
            }
        ),
        "trump": null_or({**CARD, "description": "the turned-up card (louisiana)"}),
    },
    optional=("ante", "seated", "hands", "trump"),
    description="A deal as `bourre-transcript/1` writes it, without its `actions`",
)

POSTED_SCHEMAS: dict[str, Schema] = {
    "DealHeader": _DEAL_HEADER,
    "DealEvent": closed({"deal": ref("DealHeader")}, description="A new deal"),
    "DeclareEvent": closed(
        {"player": PLAYER, "declare": ref("Declaration")},
        description="A player stays in the deal (`play`) or drops out (`pass`)",
    ),
    "ExchangeEvent": closed(
        {
            "player": PLAYER,
            "exchange": {"type": "integer", "minimum": 0, "description": "at most the house's"},
            "discard": null_or(CARDS),
            "draw": null_or(CARDS),
        },
        optional=("discard", "draw"),
        description="A player exchanges `exchange` cards (the cards themselves when known)",
    ),
    "PlayEvent": closed({"player": PLAYER, "play": CARD}, description="A card played"),
    "RetractEvent": closed(
        {"player": PLAYER, "retract": _TRUE},
        description="The player takes back their last card, before anyone plays after it",
    ),
    "PassTurnEvent": closed(
        {"player": PLAYER, "pass_turn": _TRUE},
        description="comtadine: the player cannot beat the trick and passes",
    ),
    "JoinBody": closed(
        {"player": PLAYER, "seat_after": null_or(PLAYER)},
        description="`seat_after`: the player to sit after, null for the first seat",
    ),
    "JoinEvent": closed({"join": ref("JoinBody")}, description="Between deals: a player sits"),
    "LeaveBody": closed({"player": PLAYER}),
    "LeaveEvent": closed({"leave": ref("LeaveBody")}, description="Between deals: one leaves"),
    "CloseBody": closed({}),
    "CloseEvent": closed(
        {"close": ref("CloseBody")}, description="Between deals: the sitting ends"
    ),
    "UndoBody": closed(
        {"reason": {"type": "string", "maxLength": UNDO_REASON_MAX_LENGTH}},
        optional=("reason",),
    ),
    "UndoEvent": closed(
        {"undo": ref("UndoBody")},
        description="Takes back the last event of the deal still counting (and its rulings)",
    ),
    "TranscriptAction": {
        **one_of(["DeclareEvent", "ExchangeEvent", "PlayEvent", "RetractEvent", "PassTurnEvent"]),
        "description": "One action of a transcript deal (`bourre-transcript/1`)",
    },
    "TranscriptDeal": {
        "type": "object",
        "properties": {
            **{k: v for k, v in _DEAL_HEADER["properties"].items()},
            "actions": {"type": "array", "items": ref("TranscriptAction")},
        },
        "required": ["dealer"],
        "description": "A deal of a `bourre-transcript/1` document: its header and its "
        "actions in the order they happened",
    },
    "Transcript": {
        "type": "object",
        "properties": {
            "format": {"type": "string", "const": "bourre-transcript/1"},
            "variant": ref("Variant"),
            "options": ref("TableOptionsInput"),
            "players": {**PLAYERS, "description": "every seat ever taken, in seat order"},
            "deals": {"type": "array", "items": ref("TranscriptDeal")},
            "closed": {"type": "boolean", "description": "closed after its last deal"},
        },
        "required": ["format", "variant", "players"],
        "description": "A `bourre-transcript/1` document (TRANSCRIPT.md)",
    },
    "PostedEvent": {
        **one_of(list(_KINDS)),
        "description": "One event, told apart by its key: "
        + ", ".join(f"`{key}`" for key in _KINDS.values()),
    },
}
