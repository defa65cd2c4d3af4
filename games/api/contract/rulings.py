"""Every ruling kind: the entries of a deal's `rulings` (`bourre-ruling/1`), what each
`RulingMade` holds, and the ruling document itself (TRANSCRIPT.md, "Output")."""

from __future__ import annotations

from games.api.contract.shapes import (
    CARD,
    CHIPS,
    COUNT,
    PLAYER,
    PLAYER_CHIPS,
    PLAYER_COUNTS,
    PLAYERS,
    SUIT,
    Schema,
    closed,
    const,
    null_or,
    one_of,
    ref,
)
from table_stream import POSTING_KINDS, RULING_MADE, RulingKind


def _entry(kind: str, properties: dict[str, Schema], description: str) -> Schema:
    return closed({"kind": const(kind), **properties}, description=description)


#: A deal's rulings (`bourre-ruling/1` `deals[].rulings`, the state's `deal.rulings`): each
#: names its `kind`.
_ENTRIES: dict[str, tuple[str, Schema]] = {
    RulingKind.RENEGE: (
        "RenegeRuling",
        _entry(
            RulingKind.RENEGE,
            {
                "player": PLAYER,
                "trick": {"type": "integer", "minimum": 1, "description": "1-based"},
                "card": null_or({**CARD, "description": "null in comtadine (a pass_turn)"}),
                "obligation": ref("Obligation"),
                "proven_at": {
                    **COUNT,
                    "description": "the 0-based action that made it provable",
                },
                "amount": {**CHIPS, "description": "paid into the next pot (0 after the first)"},
            },
            "A renege: the card broke `obligation`",
        ),
    ),
    RulingKind.BOURRE: (
        "BourreRuling",
        _entry(RulingKind.BOURRE, {"player": PLAYER, "amount": CHIPS}, "A player is bourré"),
    ),
    RulingKind.POT_WON: (
        "PotWonRuling",
        _entry(RulingKind.POT_WON, {"player": PLAYER, "amount": CHIPS}, "The pot is won"),
    ),
    RulingKind.POT_CARRIED: (
        "PotCarriedRuling",
        _entry(
            RulingKind.POT_CARRIED,
            {"amount": CHIPS, "tied": {**PLAYERS, "description": "empty: no trick taken"}},
            "The pot stays for the next deal",
        ),
    ),
    RulingKind.POT_SPLIT: (
        "PotSplitRuling",
        _entry(
            RulingKind.POT_SPLIT,
            {"players": PLAYERS, "each": CHIPS, "left": CHIPS},
            "The pot split between tied players",
        ),
    ),
    RulingKind.POT_SHARED: (
        "PotSharedRuling",
        _entry(RulingKind.POT_SHARED, {"shares": PLAYER_CHIPS}, "occitan: the pot shared"),
    ),
    RulingKind.LONE_PLAYER: (
        "LonePlayerRuling",
        _entry(
            RulingKind.LONE_PLAYER,
            {"player": PLAYER},
            "The only player left in: wins the pot (a `pot_won` follows)",
        ),
    ),
    RulingKind.DEALER_MUST_PLAY: (
        "DealerMustPlayRuling",
        _entry(RulingKind.DEALER_MUST_PLAY, {}, "louisiana: the upcard is the ace of trumps"),
    ),
    RulingKind.ALL_PASSED: (
        "AllPassedRuling",
        _entry(RulingKind.ALL_PASSED, {}, "Everyone passed: the pot stays"),
    ),
}

#: What a `RulingMade` of each kind holds (`ruling`), for the kinds that are not entries of
#: the ruling document (those hold the entry, `kind` and all, but `dealer_must_play`).
_MADE: dict[str, Schema] = {
    RulingKind.DEAL_STARTED: closed(
        {"deal": COUNT, "dealer": PLAYER, "antes": PLAYER_CHIPS},
        description="A deal began: the antes paid",
    ),
    RulingKind.DEALER_MUST_PLAY: closed({"player": PLAYER}, description="The dealer must play"),
    RulingKind.EXCHANGE_FEE: closed(
        {"player": PLAYER, "amount": CHIPS}, description="ukrainian: a fee for an exchange"
    ),
    RulingKind.TRICK_WON: closed(
        {
            "trick": {"type": "integer", "minimum": 1},
            "leader": PLAYER,
            "cards": {"type": "array", "items": ref("PlayedCard")},
            "winner": PLAYER,
        },
        description="A trick is won",
    ),
    RulingKind.TRICK_DEAD: closed(
        {
            "trick": {"type": "integer", "minimum": 1},
            "leader": PLAYER,
            "cards": {"type": "array", "items": ref("PlayedCard")},
            "winner": {"type": "null"},
        },
        description="comtadine: a single-card trick is dead",
    ),
    RulingKind.TRICK_REOPENED: closed(
        {"trick": {"type": "integer", "minimum": 1}},
        description="A retract reopened the trick just won",
    ),
    RulingKind.CARD_RETRACTED: closed(
        {"player": PLAYER, "card": CARD}, description="A card taken back"
    ),
    RulingKind.DEAL_SETTLED: closed(
        {"deal": COUNT, "summary": ref("DealSummary")},
        description="The deal is over: its ruling",
    ),
    RulingKind.TABLE_CLOSED: ref("Closing"),
}


def _camel(kind: str) -> str:
    return "".join(part.title() for part in kind.split("_"))


_MADE_COMMON: dict[str, Schema] = {
    "version": {**COUNT, "description": "the version of the RulingMade event"},
    "rules_version": {"type": "string"},
    "cause_version": {**COUNT, "description": "the event that caused it"},
    "deal": null_or({**COUNT, "description": "the deal (0-based), null for a closing"}),
}
_KINDS = sorted(vars(RulingKind)[name] for name in vars(RulingKind) if name.isupper())


def ruling_data(kind: str) -> Schema:
    """What a ruling of `kind` holds (its `ruling`): `Closing` for a closing, else
    `<Kind>RulingData`."""
    return ref("Closing") if kind == RulingKind.TABLE_CLOSED else ref(f"{_camel(kind)}RulingData")


def _without_kind(entry: Schema) -> Schema:
    """A deal's ruling entry as a `RulingMade` holds it: its kind is beside it."""
    properties = {k: v for k, v in entry["properties"].items() if k != "kind"}
    return {
        **entry,
        "properties": properties,
        "required": [k for k in entry["required"] if k != "kind"],
    }


def made_family(suffix: str, posting: str, *, with_version: bool) -> dict[str, Schema]:
    """A schema per ruling kind (`RenegeRulingMade`, ...) and `suffix`, their `oneOf`
    discriminated by `kind`: as the append answers a ruling (`with_version`, postings of
    legs) and as the log keeps it (`RulingMadeData`, postings of pairs)."""
    family: dict[str, Schema] = {}
    for kind in _KINDS:
        properties: dict[str, Schema] = {
            **({"version": _MADE_COMMON["version"]} if with_version else {}),
            "kind": const(kind),
            "ruling": ruling_data(kind),
            "postings": {"type": "array", "items": ref(posting)},
            **{k: v for k, v in _MADE_COMMON.items() if k != "version"},
        }
        family[f"{_camel(kind)}{suffix}"] = closed(
            properties, description=f"A `{kind}` ruling, made by the referee"
        )
    family[suffix] = {
        **one_of(
            [f"{_camel(kind)}{suffix}" for kind in _KINDS],
            discriminator="kind",
            **{kind: f"{_camel(kind)}{suffix}" for kind in _KINDS},
        ),
        "description": "A ruling the referee made, by its `kind`",
    }
    return family


RULING_SCHEMAS: dict[str, Schema] = {
    **{name: schema for name, schema in _ENTRIES.values()},
    "DealRuling": {
        **one_of(
            [name for name, _ in _ENTRIES.values()],
            discriminator="kind",
            **{kind: name for kind, (name, _) in _ENTRIES.items()},
        ),
        "description": "One ruling of a deal (`bourre-ruling/1`), by its `kind`",
    },
    **{
        f"{_camel(kind)}RulingData": _MADE[kind] if kind in _MADE else _without_kind(entry)
        for kind, entry in [(k, _ENTRIES.get(k, ("", {}))[1]) for k in _KINDS]
        if kind != RulingKind.TABLE_CLOSED
    },
    "RulingKind": {"type": "string", "enum": _KINDS},
    "PostingKind": {"type": "string", "enum": list(POSTING_KINDS)},
    "PostingLeg": closed(
        {
            "account": {"type": "string", "description": "`pot` or `player:<name>`"},
            "amount": {**CHIPS, "description": "signed: a posting's legs sum to 0"},
        }
    ),
    "Posting": closed(
        {"kind": ref("PostingKind"), "legs": {"type": "array", "items": ref("PostingLeg")}},
        description="A double-entry movement of chips",
    ),
    **made_family(RULING_MADE, "Posting", with_version=True),
    "RulingPot": closed(
        {"antes": CHIPS, "start": CHIPS, "paid_out": CHIPS, "left": CHIPS},
        description="A deal's pot: antes paid in, at the first lead, paid out, left",
    ),
    "NextDealOwes": closed(
        {"penalties": PLAYER_CHIPS, "exempt": PLAYERS, "double": PLAYERS},
        description="What the next deal owes because of this one",
    ),
    "DealSummary": closed(
        {
            "trump_suit": null_or(SUIT),
            "active": {**PLAYERS, "description": "who played the deal, in seat order"},
            "tricks": {"type": "array", "items": ref("Trick")},
            "tricks_won": PLAYER_COUNTS,
            "rulings": {"type": "array", "items": ref("DealRuling")},
            "pot": ref("RulingPot"),
            "next": ref("NextDealOwes"),
            "in_progress": {
                "type": "boolean",
                "const": True,
                "description": "the deal still in play: what is known so far",
            },
        },
        optional=("in_progress",),
        description="A deal's ruling (`bourre-ruling/1` `deals[]`)",
    ),
    "RulingDocument": closed(
        {
            "format": const("bourre-ruling/1"),
            "deals": {"type": "array", "items": ref("DealSummary")},
            "balances": PLAYER_CHIPS,
            "pot": CHIPS,
            "closing": ref("Closing"),
        },
        optional=("closing",),
        description="`bourre-ruling/1`: the sitting's ruling (TRANSCRIPT.md)",
    ),
}
