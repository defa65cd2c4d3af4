"""The key order of `bourre-transcript/1` and `bourre-ruling/1` documents (TRANSCRIPT.md).

Documents put back together from storage come out of PostgreSQL's jsonb with their keys
sorted its own way (shortest first). These functions give any document the order of the
format: the documented keys first in the documented order, anything else after, as it came.
Maps keyed by player keep the order they have (the engine writes a deal's in its order
of play; text storage keeps it: `TableDeal.summary`). They copy; they never drop or
change a value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .variants import VARIANTS, get_variant

TRANSCRIPT_KEYS = ("format", "variant", "options", "players", "deals", "closed")
TRANSCRIPT_DEAL_KEYS = ("dealer", "ante", "seated", "hands", "trump", "actions")
ACTION_KEYS = ("player", "declare", "exchange", "discard", "draw", "play", "retract", "pass_turn")

RULING_KEYS = ("format", "deals", "balances", "pot", "closing")
RULING_DEAL_KEYS = (
    "trump_suit",
    "active",
    "tricks",
    "tricks_won",
    "rulings",
    "pot",
    "next",
    "closing",
    "in_progress",
)
TRICK_KEYS = ("number", "leader", "cards", "winner")
# The union of every ruling kind's fields, in the order TRANSCRIPT.md writes them.
RULING_ENTRY_KEYS = (
    "kind",
    "player",
    "players",
    "trick",
    "card",
    "obligation",
    "proven_at",
    "amount",
    "tied",
    "each",
    "left",
    "shares",
)
DEAL_POT_KEYS = ("antes", "start", "paid_out", "left")
NEXT_KEYS = ("penalties", "exempt", "double")
CLOSING_KEYS = ("pot", "shares", "transfers")
TRANSFER_KEYS = ("from", "to", "amount")


def ordered(item: Mapping[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """`item` with `keys` first, in that order, then its other keys as they came."""
    keys = tuple(keys)
    out = {key: item[key] for key in keys if key in item}
    out.update((key, value) for key, value in item.items() if key not in out)
    return out


def _map(value: Any, fn: Callable[[Mapping[str, Any]], dict[str, Any]]) -> Any:
    return (
        [fn(v) if isinstance(v, Mapping) else v for v in value]
        if isinstance(value, list)
        else value
    )


def transcript_ordered(doc: Mapping[str, Any]) -> dict[str, Any]:
    players = [p for p in doc.get("players") or [] if isinstance(p, str)]
    out = ordered(doc, TRANSCRIPT_KEYS)
    variant = doc.get("variant")
    if isinstance(out.get("options"), Mapping) and variant in VARIANTS:
        out["options"] = ordered(out["options"], get_variant(str(variant)).options_spec)

    def deal(d: Mapping[str, Any]) -> dict[str, Any]:
        entry = ordered(d, TRANSCRIPT_DEAL_KEYS)
        if isinstance(entry.get("hands"), Mapping):
            entry["hands"] = ordered(entry["hands"], players)
        if "actions" in entry:
            entry["actions"] = _map(entry["actions"], lambda a: ordered(a, ACTION_KEYS))
        return entry

    if "deals" in out:
        out["deals"] = _map(out["deals"], deal)
    return out


def ruling_ordered(doc: Mapping[str, Any]) -> dict[str, Any]:
    out = ordered(doc, RULING_KEYS)
    if "deals" in out:
        out["deals"] = _map(out["deals"], _ruling_deal)
    if isinstance(out.get("closing"), Mapping):
        out["closing"] = _closing(out["closing"])
    return out


def _closing(closing: Mapping[str, Any]) -> dict[str, Any]:
    out = ordered(closing, CLOSING_KEYS)
    if "transfers" in out:
        out["transfers"] = _map(out["transfers"], lambda t: ordered(t, TRANSFER_KEYS))
    return out


def _ruling_deal(deal: Mapping[str, Any]) -> dict[str, Any]:
    out = ordered(deal, RULING_DEAL_KEYS)
    if "tricks" in out:
        out["tricks"] = _map(out["tricks"], lambda t: ordered(t, TRICK_KEYS))
    if "rulings" in out:
        out["rulings"] = _map(out["rulings"], _ruling_entry)
    if isinstance(out.get("pot"), Mapping):
        out["pot"] = ordered(out["pot"], DEAL_POT_KEYS)
    if isinstance(out.get("next"), Mapping):
        nxt = ordered(out["next"], NEXT_KEYS)
        out["next"] = nxt
    if isinstance(out.get("closing"), Mapping):
        out["closing"] = _closing(out["closing"])
    return out


def _ruling_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    return ordered(entry, RULING_ENTRY_KEYS)
