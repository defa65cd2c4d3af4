"""Card play in the trick-taking variants (louisiana, ukrainian, occitan)."""

from __future__ import annotations

from games.table.rulings import RulingKind

from .cards import parse_card
from .errors import Rejection, gettext_noop
from .events import Play
from .knowledge import check_can_show
from .obligations import TrickRules, broken_obligation, trick_winner
from .reneges import record, reveal
from .settlement import close_deal
from .state import (
    NO_HAND,
    DealState,
    Hand,
    Pending,
    PlayContext,
    Renege,
    Ruling,
    Sitting,
    Trick,
    evolve,
)
from .variants import Variant


def next_to_play(deal: DealState) -> str:
    trick = deal.trick
    assert trick is not None
    if not trick.cards:
        return trick.leader
    last = trick.cards[-1][0]
    active = deal.active
    return active[(active.index(last) + 1) % len(active)]


def context_for(deal: DealState, rules: TrickRules, player: str) -> PlayContext:
    trick = deal.trick
    assert trick is not None
    if not trick.cards:
        return PlayContext(None, None, False, False, deal.tricks_won.get(player, 0), deal.played)
    led = trick.cards[0][1][1]
    best = trick.cards[trick_winner(trick.cards, rules.trump, rules.strength)][1]
    trumped = rules.trump is not None and best[1] == rules.trump and led != rules.trump
    is_last = len(trick.cards) == len(deal.active) - 1
    return PlayContext(led, best, trumped, is_last, deal.tricks_won.get(player, 0), deal.played)


def check_turn(deal: DealState, player: str, *, expected: str) -> None:
    if player not in deal.seated:
        raise Rejection(
            "not_seated",
            gettext_noop("%(player)s is not seated for this deal"),
            field="player",
            expected=expected,
            params={"player": player},
        )
    if player not in deal.active:
        raise Rejection(
            "player_passed",
            gettext_noop("%(player)s passed and is out of this deal"),
            field="player",
            params={"player": player},
            expected=expected,
        )
    if deal.cards_left.get(player, 0) == 0:
        raise Rejection(
            "sixth_card",
            gettext_noop("%(player)s has played all five cards"),
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


def play(
    sitting: Sitting, variant: Variant, deal: DealState, ev: Play
) -> tuple[Sitting, list[Ruling]]:
    player = ev.player
    expected = next_to_play(deal)
    card = parse_card(ev.card, variant.deck, field="play")
    if player != expected:  # the player to act is always active and holds a card
        check_turn(deal, player, expected=expected)
    hand = deal.hands.get(player, NO_HAND)
    if card in deal.played or card in deal.location or hand.full:
        check_can_show(deal, player, card, field="play")
    rules = variant.rules_for(sitting.options, deal.trump_suit)
    before = evolve(deal, before_play=None)
    index = deal.actions
    # Every card a player shows was held at their earlier plays of this deal.
    pending, proven = reveal(deal, rules, variant.strength, player, card, index)
    proven = list(deal.provisional) + proven  # a card now follows them: no retract can correct them
    ctx = context_for(deal, rules, player)
    held = hand.known | {card}
    provisional: tuple[Renege, ...] = ()
    obligation = broken_obligation(rules, ctx, held, card)
    trick = deal.trick
    assert trick is not None
    if obligation is not None:
        provisional = (Renege(player, trick.number, card, obligation, index, index),)
    elif not hand.full and len(held) < deal.cards_left[player]:
        # Part of the hand is unseen: judge again as the player shows more cards.
        pending += (
            Pending(player, trick.number, card, index, ctx, None, held, deal.cards_left[player]),
        )
    hands = deal.hands
    if hand.known:
        hands = {**hands, player: Hand(hand.known - {card}, hand.full)}
    cards = (*trick.cards, (player, card))
    changes = {
        "hands": hands,
        "played": deal.played | {card},
        "cards_left": {**deal.cards_left, player: deal.cards_left[player] - 1},
        "pending": pending,
        "provisional": provisional,
        "actions": index + 1,
        "play_started": True,
        "before_play": before,
        "last_play": (player, card, index),
    }
    done = None
    if len(cards) < len(deal.active):
        changes["trick"] = evolve(trick, cards=cards)
    else:
        winner = cards[trick_winner(cards, rules.trump, rules.strength)][0]
        done = evolve(trick, cards=cards, winner=winner)
        changes["tricks"] = (*deal.tricks, done)
        changes["tricks_won"] = {**deal.tricks_won, winner: deal.tricks_won[winner] + 1}
        changes["trick"] = Trick(number=trick.number + 1, leader=winner)
    deal = evolve(deal, **changes)
    deal, rulings = record(deal, variant, proven, sitting.options)
    if done is None:
        return evolve(sitting, deal=deal), rulings
    rulings.append(Ruling(RulingKind.TRICK_WON, {"trick": done.number, **done.as_dict()}))
    if len(deal.tricks) < variant.tricks_per_deal:
        return evolve(sitting, deal=deal), rulings
    deal, last = record(
        evolve(deal, provisional=(), pending=(), trick=None),
        variant,
        deal.provisional,
        sitting.options,
    )
    sitting, closing = close_deal(evolve(sitting, deal=deal), variant, deal)
    return sitting, rulings + last + closing
