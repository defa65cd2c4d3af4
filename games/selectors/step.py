"""The one next step the rules allow at a table, for the scorekeeper's screen: start a
deal, play or pass, exchange, or the card picker (every card of the variant's deck, each
with its state: seen, in another hand, allowed, refused with the obligation it breaks).
Card codes and obligation names, no words: the table app says them
(`tableapp.screen`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Sitting, legal_plays
from games.engine.variants import VARIANTS, Variant, get_variant
from games.engine.variants.base import OptionSpec
from games.models import Table
from games.selectors.tables import table_state

SUIT_ORDER = "SHDC"


def deck_rows(variant: str) -> list[list[str]]:
    """The variant's deck (52 or 32 cards), one row per suit, high cards first."""
    v = get_variant(variant)
    return [[rank + suit for rank in v.ranks if rank + suit in v.deck] for suit in SUIT_ORDER]


def variant_options_specs() -> dict[str, Mapping[str, OptionSpec]]:
    """Each variant's house options (name -> default, kind, range), RULES.md in code."""
    return {name: variant.options_spec for name, variant in VARIANTS.items()}


def card_refused(*, table: Table, player: str, card: str) -> str | None:
    """With `player`'s hand logged and their turn to play, the obligation playing `card`
    would break (a renege the moment it is played), else None."""
    state, _ = table_state(table=table)
    legal = legal_plays(state, player)
    if legal is None or not legal.hand_known:
        return None
    return legal.refused.get(card)


def _held_elsewhere(state: Sitting, actor: str | None) -> dict[str, str]:
    """Cards known to be in another player's hand (a logged hand, a logged draw): the
    player to act cannot hold them."""
    deal = state.deal
    if deal is None:
        return {}
    return {
        card: player
        for player, hand in deal.hands.items()
        if player != actor
        for card in hand.known
    }


def _seen(deal: Mapping[str, Any]) -> set[str]:
    seen = {card for trick in deal["tricks"] for _, card in trick["cards"]}
    if deal["current_trick"]:
        seen |= {card for _, card in deal["current_trick"]["cards"]}
    return seen


def _picker(view: Mapping[str, Any], variant: str, elsewhere: dict[str, str]) -> list[Any]:
    """Every card of the deck, each `{"card", "state", "obligation", "holder"}`: seen ones,
    and those known in another hand; with the hand known, the legal ones and each refused
    one with the obligation it would break."""
    deal = view["deal"]
    actor = view["to_act"]
    legal = view["legal_plays"] or {}
    seen = _seen(deal)
    trump = deal["trump_card"]
    if trump and not (get_variant(variant).trump_in_dealer_hand and actor == deal["dealer"]):
        seen.add(trump)
    allowed = set(legal.get("allowed", []))
    refused = {r["card"]: r["obligation"] for r in legal.get("refused", [])}
    known = bool(legal.get("hand_known"))
    rows = []
    for suit_row in deck_rows(variant):
        row = []
        for card in suit_row:
            state, obligation, holder = "open", "", ""
            if card in seen:
                state = "seen"
            elif card in elsewhere:
                state, holder = "elsewhere", elsewhere[card]
            elif known and card in allowed:
                state = "allowed"
            elif known and card in refused:
                state, obligation = "refused", refused[card]
            elif known:
                state = "absent"
            row.append({"card": card, "state": state, "obligation": obligation, "holder": holder})
        rows.append(row)
    return rows


def _exchangers(view: Mapping[str, Any], v: Variant) -> list[dict[str, Any]]:
    """Who may still exchange, in order from the dealer's left (exchanging is optional:
    a player may let their turn go, and the first lead ends the exchanges)."""
    deal = view["deal"]
    players = view["players"]
    start = players.index(deal["dealer"]) + 1
    order = [players[(start + i) % len(players)] for i in range(len(players))]
    seats = {s["player"]: s for s in deal["seats"]}
    seated = sum(1 for s in deal["seats"] if s["seated"])
    counts = list(range(v.max_exchange(view["options"], seated) + 1))
    done = [order.index(p) for p in order if seats[p]["exchanged"]]
    after = max(done) if done else -1
    return [
        {"player": p, "counts": counts}
        for i, p in enumerate(order)
        if i > after and seats[p]["active"] and not seats[p]["exchanged"]
    ]


def next_step(state: Sitting, view: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the scorekeeper logs next (`kind`: deal, declare, play), or None (closed)."""
    players = view["players"]
    variant = view["variant"]
    v = get_variant(variant)
    if view["phase"] == "between_deals":
        return {
            "kind": "deal",
            "dealer": (view.get("next_deal") or {}).get("dealer") or players[0],
            "at_table": view["seated"],  # a club night's roster: those at the table now
            "ante": view["options"].get("ante", 1),
            "needs_trump": v.has_trump,
            "trump_from_stock": v.trump_from_stock,
            "deck": deck_rows(variant),
            "deals_limit": v.deals_limit(view["options"]),
            "can_close": view["deals_settled"] > 0,
        }
    actor = view["to_act"]
    if actor is None:
        return None
    if view["phase"] == "declaring":
        return {"kind": "declare", "player": actor}
    legal = view["legal_plays"] or {}
    trick = (view["deal"] or {}).get("current_trick") or {}
    leading = not trick.get("cards")  # a leader leads a card: there is nothing to climb
    elsewhere = _held_elsewhere(state, actor)
    return {
        "kind": "play",
        "player": actor,
        "leading": leading,
        "exchangers": _exchangers(view, v) if view["phase"] == "exchanging" else [],
        "hand_known": bool(legal.get("hand_known")),
        "rows": _picker(view, variant, elsewhere),
        "may_pass": v.climbing
        and not leading
        and bool(legal.get("may_pass") or not legal.get("hand_known")),
    }
