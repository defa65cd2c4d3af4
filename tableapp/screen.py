"""What the table screen shows: seats, the one next step, the card picker, tricks and
rulings in words, built from the engine's view of the table (`table_view`)."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext, pgettext

from common.free_text import UNDO_REASON_MAX_LENGTH
from games.engine import table_view
from games.engine.variants import get_variant
from games.selectors import table_state, table_transcript
from table_stream import RulingKind
from tableapp.cards import card_label, card_name, deck_rows, is_red
from tableapp.labels import phase_words, status_words, variant_name
from tableapp.words import event_words, refusal_words, ruling_words


def _seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    deal = view["deal"]
    owes = view["owes_next_deal"]
    by_player = {s["player"]: s for s in deal["seats"]} if deal else {}
    seats = []
    for player in view["players"]:
        seat = by_player.get(player, {})
        declared = seat.get("declared")
        if player in view["left"]:
            status = "left the table"
        elif view["closed"]:
            status = "at the table"  # the night is over: nobody is "passed" any more
        elif deal is None:
            status = "waiting"
        elif not seat.get("seated", True):
            # Not dealt into the last deal: once it is over, a newcomer who joined since
            # (or a player who sat it out) is simply at the table.
            if not deal["over"]:
                status = "sitting out"
            else:
                status = "at the table" if view["closed"] else "waiting"
        elif declared == "pass":
            status = "passed"
        elif seat.get("active") or declared == "play":
            status = "playing"
        else:
            status = "to declare"
        seats.append(
            {
                "player": player,
                "dealer": bool(deal) and deal["dealer"] == player,
                "to_act": view["to_act"] == player,
                "status": status,  # the key: the seat's CSS class
                "status_words": status_words(status),
                "tricks": seat.get("tricks_won", 0),
                "cards_left": seat.get("cards_left", 0),
                "hand_logged": seat.get("hand_logged", False),
                "balance": view["balances"].get(player, 0),
                # The count that picks "chip" or "chips" (Ukrainian: фішка, фішки, фішок).
                "balance_size": abs(view["balances"].get(player, 0)),
                "ante_next": owes["antes"].get(player, 0),
                "penalty_next": owes["penalties_paid_in"].get(player, 0),
                "exempt_next": player in owes["exempt"],
                "double_next": player in owes["double"],
            }
        )
    return seats


def _seen(deal: dict[str, Any]) -> set[str]:
    seen = {card for trick in deal["tricks"] for _, card in trick["cards"]}
    if deal["current_trick"]:
        seen |= {card for _, card in deal["current_trick"]["cards"]}
    return seen


def held_elsewhere(state: Any, actor: str | None) -> dict[str, str]:
    """Cards known to be in another player's hand (a logged hand, a logged draw): the
    player to act cannot hold them, so the picker greys them out, saying where they are."""
    deal = state.deal
    if deal is None:
        return {}
    return {
        card: player
        for player, hand in deal.hands.items()
        if player != actor
        for card in hand.known
    }


def _picker(
    view: dict[str, Any], variant: str, elsewhere: dict[str, str] | None = None
) -> list[list[dict[str, Any]]]:
    """Every card of the deck: seen ones greyed, and those known in another hand; with the
    hand known, the legal ones enabled and each refused one with the obligation it would
    break."""
    elsewhere = elsewhere or {}
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
            if card in seen:
                state, why = "seen", pgettext("a card in the picker", "already seen")
            elif card in elsewhere:
                state = "elsewhere"
                why = gettext("in %(player)s's hand") % {"player": elsewhere[card]}
            elif known and card in allowed:
                state, why = "allowed", ""
            elif known and card in refused:
                state, why = "refused", refusal_words(refused[card])
            elif known:
                state, why = "absent", pgettext("a card in the picker", "not in the hand")
            else:
                state, why = "open", ""
            row.append(
                {
                    "card": card,
                    "label": card_label(card),
                    "name": card_name(card),
                    "red": is_red(card),
                    "state": state,
                    "why": why,
                }
            )
        rows.append(row)
    return rows


def _next_step(
    view: dict[str, Any], variant: str, elsewhere: dict[str, str] | None = None
) -> dict[str, Any] | None:
    players = view["players"]
    v = get_variant(variant)
    if view["phase"] == "between_deals":
        dealer = (view.get("next_deal") or {}).get("dealer") or players[0]
        return {
            "kind": "deal",
            "dealer": dealer,
            "at_table": view["seated"],  # a club night's roster: those at the table now
            "ante": view["options"].get("ante", 1),
            "needs_trump": v.has_trump,
            "trump_from_stock": v.trump_from_stock,
            "deck": [
                [{"card": c, "label": card_label(c), "red": is_red(c)} for c in row]
                for row in deck_rows(variant)
            ],
            "deals_limit": v.deals_limit(view["options"]),
        }
    actor = view["to_act"]
    if actor is None:
        return None
    if view["phase"] == "declaring":
        return {"kind": "declare", "player": actor}
    legal = view["legal_plays"] or {}
    trick = (view["deal"] or {}).get("current_trick") or {}
    leading = not trick.get("cards")  # a leader leads a card: there is nothing to climb
    return {
        "kind": "play",
        "player": actor,
        "exchangers": _exchangers(view, v) if view["phase"] == "exchanging" else [],
        "hand_known": bool(legal.get("hand_known")),
        "rows": _picker(view, variant, elsewhere),
        "may_pass": v.climbing
        and not leading
        and bool(legal.get("may_pass") or not legal.get("hand_known")),
    }


def _exchangers(view: dict[str, Any], v: Any) -> list[dict[str, Any]]:
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


def _sitting(view: dict[str, Any]) -> dict[str, Any] | None:
    """Between deals at a club night: who may join (and where), leave, or close the table."""
    if view["phase"] != "between_deals":
        return None
    return {
        "seated": view["seated"],
        "left": view["left"],
        "players": view["players"],
        "can_close": view["deals_settled"] > 0,
    }


#: What a deal's result banner says: who takes the pot, who pays, what carries.
RESULT_KINDS = frozenset(
    {
        RulingKind.POT_WON,
        RulingKind.POT_SPLIT,
        RulingKind.POT_SHARED,
        RulingKind.POT_CARRIED,
        RulingKind.BOURRE,
        RulingKind.RENEGE,
        RulingKind.ALL_PASSED,
        RulingKind.LONE_PLAYER,
    }
)


def closed_words(ruling: dict[str, Any], actions: Any, variant: str = "") -> str:
    """On a closed table no next deal comes: a pot that carried was shared at the close."""
    if ruling.get("kind") == RulingKind.POT_CARRIED:
        return gettext("the pot of %(amount)s stayed in, to be shared at the close") % {
            "amount": ruling.get("amount")
        }
    return ruling_words(ruling, actions, variant=variant)


def undo_target(table: Any) -> str | None:
    """What "Undo" would take back now, in words: the current deal's last live event (as
    the service's undo takes it, `TableFold.undo`), or None when nothing is left."""
    events = table.snapshot.deal_events or []
    if not events:
        return None
    last = events[-1]
    return event_words(last.get("type", ""), last.get("data") or {})


def _card_pairs(cards: list[list[str]]) -> list[dict[str, Any]]:
    return [{"player": p, "label": card_label(c), "red": is_red(c)} for p, c in cards]


def table_screen(table: Any, *, can_log: bool) -> dict[str, Any]:
    """The template context of the table screen for `table`, as of its last event."""
    state, version = table_state(table=table)
    view = table_view(state)
    deal = view["deal"]
    rulings: list[str] = []
    result: list[str] = []
    tricks: list[dict[str, Any]] = []
    current = None
    if deal is not None:
        actions = None
        if any("proven_at" in r for r in deal["rulings"]):
            deals = table_transcript(table=table)["deals"]
            if deal["index"] < len(deals):
                actions = deals[deal["index"]]["actions"]
        variant = table.variant
        rulings = [closed_words(r, actions, variant) if view["closed"]
                   else ruling_words(r, actions, variant=variant)
                   for r in deal["rulings"]]  # fmt: skip
        if deal["over"]:
            result = [
                ruling_words(r, actions, variant=variant)
                for r in deal["rulings"]
                if r.get("kind") in RESULT_KINDS
            ]
        tricks = [
            {
                "number": i + 1,
                "leader": t["leader"],
                "winner": t["winner"],
                "cards": _card_pairs(t["cards"]),
            }
            for i, t in enumerate(deal["tricks"])
        ]
        if deal["current_trick"] is not None:
            current = {
                **deal["current_trick"],
                "cards": _card_pairs(deal["current_trick"]["cards"]),
            }
    return {
        "table": table,
        "view": view,
        "phase": phase_words(view["phase"]),
        "version": version,
        "deal": deal,
        "trump_label": card_label(deal["trump_card"]) if deal and deal["trump_card"] else None,
        "seats": _seats(view),
        "step": _next_step(view, table.variant, held_elsewhere(state, view["to_act"]))
        if can_log
        else None,
        "can_log": can_log,
        "can_retract": deal["can_retract"] if deal and can_log else None,
        "undo_target": undo_target(table) if can_log else None,
        "undo_reason_max": UNDO_REASON_MAX_LENGTH,
        "sitting": _sitting(view) if can_log else None,
        "closing": view.get("closing"),
        "closing_shares": ", ".join(
            f"{p} {n}" for p, n in ((view.get("closing") or {}).get("shares") or {}).items()
        ),
        "variant_name": variant_name(table.variant),
        "closed": view["closed"],
        "tricks": tricks,
        "current_trick": current,
        "rulings": rulings,
        "result": result,
        "new_key": lambda: str(uuid.uuid4()),
    }
