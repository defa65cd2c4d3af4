"""Comtadine's climbing tricks.

Each player in turn must play a higher card of the trick's suit if able, else pass;
the trick goes round until nobody beats the last card, whose player takes it. A trick
with one card is dead: its leader leads again. The deal ends when at most one player
still holds cards.
"""

from __future__ import annotations

from table_stream.rulings import RulingKind

from .cards import parse_card
from .errors import Rejection, gettext_noop
from .events import PassTurn, Play
from .knowledge import check_can_show
from .obligations import CLIMB
from .reneges import record, reveal
from .settlement import close_deal
from .state import (
    NO_HAND,
    DealState,
    Hand,
    Pending,
    Renege,
    Ruling,
    Sitting,
    before_play_of,
    evolve,
    new_trick,
)
from .variants import Variant


def next_to_act(deal: DealState) -> str:
    if deal.turn is not None:
        return deal.turn
    assert deal.trick is not None
    return deal.trick.leader


def _next_holding(deal: DealState, after: str) -> str | None:
    order = deal.active
    i = order.index(after)
    for step in range(1, len(order) + 1):
        p = order[(i + step) % len(order)]
        if deal.cards_left[p] > 0:
            return p
    return None


def _check_turn(deal: DealState, player: str) -> str:
    expected = next_to_act(deal)
    if player not in deal.seated:
        raise Rejection(
            "not_seated",
            gettext_noop("%(player)s is not seated for this deal"),
            field="player",
            expected=expected,
            params={"player": player},
        )
    if deal.cards_left.get(player, 0) == 0:
        raise Rejection(
            "sixth_card",
            gettext_noop("%(player)s has no cards left"),
            field="player",
            expected=expected,
            params={"player": player},
        )
    if player != expected:
        raise Rejection(
            "out_of_turn",
            gettext_noop("out of turn: expected %(expected)s"),
            field="player",
            expected=expected,
            params={"expected": expected},
        )
    return expected


def play(
    sitting: Sitting, variant: Variant, deal: DealState, ev: Play
) -> tuple[Sitting, list[Ruling]]:
    card = parse_card(ev.card, variant.deck, field="play")
    player = ev.player
    _check_turn(deal, player)
    trick = deal.trick
    assert trick is not None
    if trick.cards:
        last = trick.cards[-1][1]
        if card[1] != last[1] or variant.strength[card] <= variant.strength[last]:
            raise Rejection(
                "must_climb",
                gettext_noop(
                    "play: %(card)s does not beat %(last)s; play a higher %(suit)s or pass"
                ),
                field="play",
                params={"card": card, "last": last, "suit": last[1]},
            )
    check_can_show(deal, player, card, field="play")
    rules = variant.rules_for(sitting.options, None)
    index = deal.actions
    pending, proven = reveal(deal, rules, variant.strength, player, card, index)
    hand = deal.hands.get(player, NO_HAND)
    before = before_play_of(deal)
    deal = evolve(
        deal,
        hands={**deal.hands, player: Hand(hand.known - {card}, hand.full)},
        played=deal.played | {card},
        cards_left={**deal.cards_left, player: deal.cards_left[player] - 1},
        pending=pending,
        trick=evolve(trick, cards=(*trick.cards, (player, card)), passed=frozenset()),
        actions=index + 1,
        play_started=True,
        before_play=before,
        last_play=(player, card, index),
    )
    deal, rulings = record(deal, variant, proven, sitting.options)
    return _advance(sitting, variant, deal, player, rulings)


def pass_turn(
    sitting: Sitting, variant: Variant, deal: DealState, ev: PassTurn
) -> tuple[Sitting, list[Ruling]]:
    if not variant.climbing:
        raise Rejection(
            "not_in_variant",
            gettext_noop("pass_turn: there is no passing a trick in %(variant)s"),
            field="pass_turn",
            params={"variant": variant.name},
        )
    player = ev.player
    _check_turn(deal, player)
    trick = deal.trick
    assert trick is not None
    if not trick.cards:
        raise Rejection(
            "must_lead",
            gettext_noop("%(player)s is on lead and must lead a card"),
            field="pass_turn",
            params={"player": player},
            expected=player,
        )
    to_beat = trick.cards[-1][1]
    index = deal.actions
    hand = deal.hands.get(player, NO_HAND)
    strength = variant.strength
    proven: list[Renege] = []
    pending = deal.pending
    if any(c[1] == to_beat[1] and strength[c] > strength[to_beat] for c in hand.known):
        proven.append(Renege(player, trick.number, None, CLIMB, index, index))
    elif not hand.full and len(hand.known) < deal.cards_left[player]:
        pending += (
            Pending(
                player,
                trick.number,
                None,
                index,
                None,
                to_beat,
                hand.known,
                deal.cards_left[player],
            ),
        )
    deal = evolve(
        deal,
        trick=evolve(trick, passed=trick.passed | {player}),
        pending=pending,
        actions=index + 1,
        before_play=None,
        last_play=None,
    )
    # A pass cannot be taken back, so a renege it proves is final at once.
    deal, rulings = record(deal, variant, proven, sitting.options)
    return _advance(sitting, variant, deal, player, rulings)


def _advance(
    sitting: Sitting, variant: Variant, deal: DealState, actor: str, rulings: list[Ruling]
) -> tuple[Sitting, list[Ruling]]:
    trick = deal.trick
    assert trick is not None
    last_player = trick.cards[-1][0]
    waiting = [
        p
        for p in deal.active
        if p != last_player and deal.cards_left[p] > 0 and p not in trick.passed
    ]
    if waiting:
        return evolve(sitting, deal=evolve(deal, turn=_next_holding(deal, actor))), rulings
    if len(trick.cards) >= 2:
        done = evolve(trick, winner=last_player, passed=frozenset())
        deal = evolve(
            deal, tricks_won={**deal.tricks_won, last_player: deal.tricks_won[last_player] + 1}
        )
        rulings.append(Ruling(RulingKind.TRICK_WON, {"trick": trick.number, **done.as_dict()}))
        leader = last_player
    else:
        done = evolve(trick, passed=frozenset())
        rulings.append(Ruling(RulingKind.TRICK_DEAD, {"trick": trick.number, **done.as_dict()}))
        leader = trick.leader
    deal = evolve(deal, tricks=(*deal.tricks, done))
    holding = [p for p in deal.active if deal.cards_left[p] > 0]
    if len(holding) <= 1:
        deal = evolve(deal, trick=None, turn=None, pending=())
        sitting, closing = close_deal(evolve(sitting, deal=deal), variant, deal)
        return sitting, rulings + closing
    if deal.cards_left[leader] == 0:
        nxt = _next_holding(deal, leader)
        assert nxt is not None
        leader = nxt
    return evolve(
        sitting,
        deal=evolve(deal, trick=new_trick(trick.number + 1, leader, deal.active), turn=leader),
    ), rulings
