"""`GET /tables/{id}/state` (games/engine/view.py `table_view`) and the house options."""

from __future__ import annotations

from games.api.contract.shapes import (
    CARD,
    CARDS,
    CHIPS,
    COUNT,
    PLAYER,
    PLAYER_CHIPS,
    PLAYER_COUNTS,
    PLAYERS,
    SUIT,
    Schema,
    closed,
    null_or,
    one_of,
    ref,
)

#: What a refused card would break (`bourre-ruling/1`'s renege obligations, and comtadine's).
OBLIGATIONS = [
    "follow_suit",
    "trump",
    "head_trick",
    "overtrump",
    "cinch",
    "lead_high_trump",
    "climb",
    "must_climb",
]
PHASES = ["between_deals", "declaring", "exchanging", "playing", "closed"]
VARIANTS = ["louisiana", "ukrainian", "occitan", "comtadine"]

_ANTE: Schema = {**CHIPS, "minimum": 0, "description": "the ordinary ante"}
_POT_LIMIT: Schema = null_or(
    {**CHIPS, "minimum": 1, "description": "the most a penalty or a pot pays; null: none"}
)


def _options(properties: dict[str, Schema], title: str) -> dict[str, Schema]:
    """Two schemas per variant: as read (every option, defaults filled in) and as posted
    (any of them; the others take their defaults)."""
    return {
        f"{title}Options": closed(properties, description=f"{title}'s house options"),
        f"{title}OptionsInput": closed(
            properties,
            optional=tuple(properties),
            description=f"{title}'s house options (RULES.md); missing ones take defaults",
        ),
    }


_VARIANT_OPTIONS: dict[str, Schema] = {
    **_options(
        {
            "ante": _ANTE,
            "max_exchange": {"type": "integer", "minimum": 0, "maximum": 5},
            "pot_limit": _POT_LIMIT,
            "cinch": {"type": "boolean"},
        },
        "Louisiana",
    ),
    **_options(
        {
            "ante": _ANTE,
            "max_exchange": null_or(
                {"type": "integer", "minimum": 0, "maximum": 5, "description": "null: 4, "
                 "or 3 with 6 or 7 players in the deal"}
            ),
            "exchange_fee": null_or(
                {**CHIPS, "minimum": 0, "description": "null: one ante of the deal"}
            ),
            "pot_limit": _POT_LIMIT,
        },
        "Ukrainian",
    ),
    **_options({"ante": _ANTE}, "Occitan"),
    **_options(
        {
            "ante": _ANTE,
            "eldest": null_or({**PLAYER, "description": "who leads first; null: by the deal"}),
            "deals": null_or(
                {**CHIPS, "minimum": 1, "description": "the deals agreed; null: no bound"}
            ),
        },
        "Comtadine",
    ),
}  # fmt: skip

STATE_SCHEMAS: dict[str, Schema] = {
    **_VARIANT_OPTIONS,
    "Variant": {"type": "string", "enum": VARIANTS},
    "Suit": {"type": "string", "enum": ["S", "H", "D", "C"]},
    "Declaration": {"type": "string", "enum": ["play", "pass"]},
    "TableOptions": {
        # Tried in this order by generated clients: occitan's lone `ante` last.
        **one_of(
            [f"{v.title()}Options" for v in ("louisiana", "ukrainian", "comtadine", "occitan")]
        ),
        "description": "the table's house options, every one (the variant's)",
    },
    "TableOptionsInput": {
        "anyOf": [ref(f"{v.title()}OptionsInput") for v in VARIANTS],
        "description": "house options of the table's variant (RULES.md); any left out take "
        "their defaults",
    },
    "Phase": {"type": "string", "enum": PHASES},
    "Obligation": {"type": "string", "enum": OBLIGATIONS},
    "RefusedCard": closed({"card": CARD, "obligation": ref("Obligation")}),
    "LegalPlays": closed(
        {
            "player": PLAYER,
            "hand_known": {
                "type": "boolean",
                "description": "false: the hand was not logged, nothing can be said in advance",
            },
            "allowed": {**CARDS, "description": "the cards the player may play"},
            "refused": {
                "type": "array",
                "items": ref("RefusedCard"),
                "description": "each other card of the hand with the obligation it breaks",
            },
            "may_pass": {"type": "boolean", "description": "comtadine: passing is allowed"},
        },
        description="The cards the player to act may play (their hand logged)",
    ),
    "PlayedCard": {
        "type": "array",
        "items": {"type": "string"},
        "minItems": 2,
        "maxItems": 2,
        "description": "`[player, card]`",
    },
    "Trick": closed(
        {
            "leader": PLAYER,
            "cards": {"type": "array", "items": ref("PlayedCard")},
            "winner": null_or({**PLAYER, "description": "null: not won (yet), or dead"}),
        },
        description="A trick: the cards in the order played (retracted ones left out)",
    ),
    "CurrentTrick": closed(
        {
            "number": {"type": "integer", "minimum": 1},
            "leader": PLAYER,
            "cards": {"type": "array", "items": ref("PlayedCard")},
            "winner": null_or(PLAYER),
        },
        description="The trick being played (1-based `number`)",
    ),
    "SeatView": closed(
        {
            "player": PLAYER,
            "seated": {"type": "boolean"},
            "declared": null_or(ref("Declaration")),
            "active": {"type": "boolean"},
            "exchanged": {"type": "boolean"},
            "cards_left": COUNT,
            "tricks_won": COUNT,
            "hand_logged": {"type": "boolean"},
        }
    ),
    "DealPot": closed(
        {"carried_in": CHIPS, "antes": CHIPS, "fees": CHIPS, "start": CHIPS},
        description="The pot of a deal: carried in, antes, exchange fees, at the first lead",
    ),
    "DealView": closed(
        {
            "index": COUNT,
            "dealer": PLAYER,
            "ante": CHIPS,
            "trump_card": null_or(CARD),
            "trump_suit": null_or(SUIT),
            "over": {"type": "boolean"},
            "seats": {"type": "array", "items": ref("SeatView")},
            "current_trick": null_or(ref("CurrentTrick")),
            "tricks": {"type": "array", "items": ref("Trick")},
            "tricks_won": PLAYER_COUNTS,
            "pot": ref("DealPot"),
            "rulings": {"type": "array", "items": ref("DealRuling")},
            "actions": COUNT,
            "can_retract": null_or(
                {**PLAYER, "description": "who may take back the last card, if anyone"}
            ),
        },
        description="The deal in progress, or the last one",
    ),
    "OwesNextDeal": closed(
        {
            "penalties_paid_in": PLAYER_CHIPS,
            "exempt": PLAYERS,
            "double": PLAYERS,
            "antes": PLAYER_CHIPS,
        }
    ),
    "NextDeal": closed(
        {
            "dealer": null_or({**PLAYER, "description": "left of the last dealer"}),
            "exempt": {**PLAYERS, "description": "who pays no ordinary ante next deal"},
        },
        description="Between deals: who deals next by custom, and who is exempt",
    ),
    "Transfer": closed(
        {"from": PLAYER, "to": PLAYER, "amount": CHIPS}, description="`from` pays `to`"
    ),
    "Closing": closed(
        {
            "pot": CHIPS,
            "shares": PLAYER_CHIPS,
            "transfers": {"type": "array", "items": ref("Transfer")},
        },
        description="The pot shared out at closing and the settling-up transfers",
    ),
    "TableState": closed(
        {
            "table_id": {"type": "string", "format": "uuid"},
            "version": COUNT,
            "variant": ref("Variant"),
            "options": ref("TableOptions"),
            "players": {**PLAYERS, "description": "every seat ever taken, in seat order"},
            "seated": {**PLAYERS, "description": "at the table now"},
            "left": {**PLAYERS, "description": "has left the table"},
            "closed": {"type": "boolean"},
            "closing": null_or(ref("Closing")),
            "phase": ref("Phase"),
            "deals_settled": COUNT,
            "pot": CHIPS,
            "balances": PLAYER_CHIPS,
            "owes_next_deal": ref("OwesNextDeal"),
            "deal": null_or(ref("DealView")),
            "to_act": null_or(PLAYER),
            "legal_plays": null_or(ref("LegalPlays")),
            "next_deal": null_or(ref("NextDeal")),
        },
        description="The table now, as a table app shows it",
    ),
}
