"""What a table app shows: the state of the table and the legal plays of the player to act."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import climbing, declaring, tricks
from .state import NO_HAND, DealState, Hand, Sitting
from .variants import Variant, get_variant


@dataclass(frozen=True, slots=True)
class LegalPlays:
    player: str
    hand_known: bool
    allowed: tuple[str, ...] = ()
    refused: dict[str, str] = field(default_factory=dict)  # card -> obligation it would break
    may_pass: bool = False  # comtadine: passing is allowed (nothing in hand beats the trick)

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "hand_known": self.hand_known,
            "allowed": list(self.allowed),
            "refused": [{"card": c, "obligation": o} for c, o in sorted(self.refused.items())],
            "may_pass": self.may_pass,
        }


def phase(sitting: Sitting) -> str:
    if sitting.closed:
        return "closed"
    deal = sitting.deal
    if deal is None or deal.over:
        return "between_deals"
    variant = get_variant(sitting.variant)
    if variant.declares and len(deal.declared) < len(deal.order):
        return "declaring"
    if variant.exchanges and not deal.play_started:
        return "exchanging"
    return "playing"


def to_act(sitting: Sitting) -> str | None:
    deal = sitting.deal
    if deal is None or deal.over:
        return None
    if deal.trick is None:
        return declaring.next_declarer(deal)
    if get_variant(sitting.variant).climbing:
        return climbing.next_to_act(deal)
    return tricks.next_to_play(deal)


def next_dealer(sitting: Sitting) -> str | None:
    """Who deals next by custom: the first player clockwise from the last dealer among
    those at the table now (a player who left is skipped; the rules do not enforce
    rotation; a table app offers it as the default)."""
    deal = sitting.deal
    here = sitting.at_table
    if deal is None or not here or sitting.closed:
        return None
    players = list(sitting.players)
    if deal.dealer not in players:
        return here[0]
    at = players.index(deal.dealer)
    after = players[at + 1 :] + players[: at + 1]  # the seats from the dealer's left
    return next(p for p in after if p in here)


def glance(sitting: Sitting) -> dict[str, Any]:
    """What a list of tables shows of each: phase, pot and whose turn it is."""
    return {"phase": phase(sitting), "pot": sitting.pot, "to_act": to_act(sitting)}


def legal_plays(sitting: Sitting, player: str) -> LegalPlays | None:
    """The cards `player` may play now, when it is their turn to play and their whole
    hand is known; `hand_known` False when it is not (nothing can be said in advance)."""
    deal = sitting.deal
    if deal is None or deal.over or deal.trick is None or to_act(sitting) != player:
        return None
    variant = get_variant(sitting.variant)
    hand = deal.hands.get(player, NO_HAND)
    if not hand.full:
        return LegalPlays(player, False)
    if variant.climbing:
        return _climbing_plays(variant, deal, player, hand)
    rules = variant.trick_rules(sitting.options, deal.trump_suit)
    from .obligations import legal_plays as judge_hand

    allowed, refused = judge_hand(rules, tricks.context_for(deal, rules, player), hand.known)
    order = sorted(allowed, key=lambda c: (c[1], -variant.strength[c]))
    return LegalPlays(player, True, tuple(order), refused)


def _climbing_plays(variant: Variant, deal: DealState, player: str, hand: Hand) -> LegalPlays:
    trick = deal.trick
    assert trick is not None
    if not trick.cards:
        return LegalPlays(player, True, tuple(sorted(hand.known)))
    last = trick.cards[-1][1]
    beats = tuple(
        sorted(
            c
            for c in hand.known
            if c[1] == last[1] and variant.strength[c] > variant.strength[last]
        )
    )
    refused = {c: "must_climb" for c in hand.known if c not in beats}
    return LegalPlays(player, True, beats, refused, may_pass=not beats)


def table_view(sitting: Sitting) -> dict[str, Any]:
    """The table as the API's `GET /state` shows it."""
    variant = get_variant(sitting.variant)
    deal = sitting.deal
    nxt = sitting.next
    ante = sitting.options.get("ante", 1)
    view: dict[str, Any] = {
        "variant": sitting.variant,
        "options": dict(sitting.options),
        "players": list(sitting.players),
        "seated": list(sitting.at_table),
        "left": [p for p in sitting.players if p not in sitting.at_table],
        "closed": sitting.closed,
        "phase": phase(sitting),
        "deals_settled": len(sitting.deals),
        "pot": sitting.pot,
        "balances": dict(sitting.balances),
        "owes_next_deal": {
            "penalties_paid_in": dict(nxt.penalties),
            "exempt": list(nxt.exempt),
            "double": list(nxt.double),
            "antes": {
                p: variant.ante_due(p, ante, nxt.exempt, nxt.double) for p in sitting.at_table
            },
        },
        "closing": None if sitting.closing is None else dict(sitting.closing),
        "deal": None,
        "to_act": None,
        "legal_plays": None,
        "next_deal": None,
    }
    if (deal is None or deal.over) and not sitting.closed:
        view["next_deal"] = {"dealer": next_dealer(sitting), "exempt": list(nxt.exempt)}
    if deal is None:
        return view
    actor = to_act(sitting)
    view["to_act"] = actor
    view["deal"] = {
        "index": deal.index,
        "dealer": deal.dealer,
        "ante": deal.ante,
        "trump_card": deal.trump_card,
        "trump_suit": deal.trump_suit,
        "over": deal.over,
        "seats": [
            {
                "player": p,
                "seated": p in deal.seated,
                "declared": None
                if p not in deal.declared
                else ("play" if deal.declared[p] else "pass"),
                "active": p in deal.active or (not variant.declares and p in deal.seated),
                "exchanged": p in deal.exchanged,
                "cards_left": deal.cards_left.get(p, 0),
                "tricks_won": deal.tricks_won.get(p, 0),
                "hand_logged": deal.hands.get(p, NO_HAND).full,
            }
            for p in sitting.players
        ],
        "current_trick": None
        if deal.trick is None
        else {"number": deal.trick.number, **deal.trick.as_dict()},
        "tricks": [t.as_dict() for t in deal.tricks],
        "tricks_won": dict(deal.tricks_won),
        "pot": {
            "carried_in": deal.carry_in,
            "antes": deal.antes,
            "fees": deal.fees,
            "start": deal.start,
        },
        "rulings": list(deal.rulings),
        "actions": deal.actions,
        "can_retract": deal.last_play[0] if deal.last_play and deal.before_play else None,
    }
    if actor is not None:
        plays = legal_plays(sitting, actor)
        view["legal_plays"] = None if plays is None else plays.as_dict()
    return view
