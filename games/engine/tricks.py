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
    PlayContext,
    Renege,
    Ruling,
    Sitting,
    Trick,
    evolve,
    new_hand,
    new_pending,
    new_trick,
)
from .variants import Variant

_new = object.__new__
_set = object.__setattr__
#: `PlayContext(...)` without the named tuple's Python `__new__` (one per card played)
_context = tuple.__new__


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
    # The referee's most frequent step: written out (who is to play, the context and the
    # trick's best card found once) rather than through the helpers above, which the
    # views and the climbing variant share, and the new states made by copying their
    # instance dicts in place rather than through `evolve`'s keyword arguments
    # (docs/performance.md, "The rules engine").
    player = ev.player
    trick = deal.trick
    assert trick is not None
    so_far = trick.cards
    active = deal.active
    expected = active[(active.index(so_far[-1][0]) + 1) % len(active)] if so_far else trick.leader
    deck = variant.deck
    card = ev.card
    if card not in deck:
        card = parse_card(card, deck, field="play")
    if player != expected:  # the player to act is always active and holds a card
        check_turn(deal, player, expected=expected)
    hands = deal.hands
    hand = hands.get(player, NO_HAND)
    known = hand.known
    played, location = deal.played, deal.location
    # A known card of the player's own hand, not yet played, is always theirs to show
    # (the usual play of a logged hand); anything else is checked in full.
    if (card in played or card in location or hand.full) and (
        card in played or card not in known or location.get(card) != "hand:" + player  # held_by
    ):
        check_can_show(deal, player, card, field="play")
    rules = variant.rules_for(sitting.options, deal.trump_suit)
    strength = rules.strength
    trump = rules.trump
    fields = deal.__dict__
    # What a retract returns to: this state, without its own way back.
    if deal.before_play is None:
        before = deal
    else:
        before = _new(DealState)
        kept = fields.copy()
        kept["before_play"] = None
        _set(before, "__dict__", kept)
    index = deal.actions
    # Every card a player shows was held at their earlier plays of this deal.
    if deal.pending:
        pending, shown = reveal(deal, rules, variant.strength, player, card, index)
    else:
        pending, shown = deal.pending, []
    # A card now follows the provisional ones: no retract can correct them.
    proven = [*deal.provisional, *shown] if deal.provisional else shown
    tricks_won = deal.tricks_won
    best = 0  # the index in the trick of its best card so far (trick_winner, kept going)
    if so_far:
        led = so_far[0][1][1]
        for i in range(1, len(so_far)):
            other, top = so_far[i][1], so_far[best][1]
            if other[1] == top[1]:
                if strength[other] > strength[top]:
                    best = i
            elif trump is not None and other[1] == trump and top[1] != trump:
                best = i
        top = so_far[best][1]
        ctx = _context(
            PlayContext,
            (
                led,
                top,
                trump is not None and top[1] == trump and led != trump,
                len(so_far) == len(active) - 1,
                tricks_won.get(player, 0),
                played,
            ),
        )
    else:
        ctx = _context(PlayContext, (None, None, False, False, tricks_won.get(player, 0), played))
    # A logged hand holds the card already: no new set for it.
    held = known if card in known else known | {card}
    provisional: tuple[Renege, ...] = ()
    obligation = broken_obligation(rules, ctx, held, card)
    cards_left = deal.cards_left
    left = cards_left[player]
    if obligation is not None:
        provisional = (Renege(player, trick.number, card, obligation, index, index),)
    elif not hand.full and len(held) < left:
        # Part of the hand is unseen: judge again as the player shows more cards.
        pending += (new_pending(player, trick.number, card, index, ctx, None, held, left),)
    after = fields.copy()
    if card in known:  # otherwise the hand's knowledge is unchanged: the same values kept
        after["hands"] = {**hands, player: new_hand(known - {card}, hand.full)}
    cards = (*so_far, (player, card))
    after["played"] = played | {card}
    after["cards_left"] = {**cards_left, player: left - 1}
    after["pending"] = pending
    after["provisional"] = provisional
    after["actions"] = index + 1
    after["play_started"] = True
    after["before_play"] = before
    after["last_play"] = (player, card, index)
    done = None
    if len(cards) < len(active):
        going = trick.__dict__.copy()
        going["cards"] = cards
        after["trick"] = _new(Trick)
        _set(after["trick"], "__dict__", going)
    else:
        if so_far:  # the last card: it takes the trick if it beats the best so far
            top = so_far[best][1]
            if (card[1] == top[1] and strength[card] > strength[top]) or (
                card[1] != top[1] and trump is not None and card[1] == trump and top[1] != trump
            ):
                best = len(so_far)
        winner = cards[best][0]
        done = evolve(trick, cards=cards, winner=winner)
        tricks = after["tricks"] = (*deal.tricks, done)
        after["tricks_won"] = {**tricks_won, winner: tricks_won[winner] + 1}
        if len(tricks) < variant.tricks_per_deal:
            after["trick"] = new_trick(trick.number + 1, winner)
        else:  # the deal's last trick: no next trick, nothing left to judge or retract
            after["trick"], after["pending"], after["provisional"] = None, (), ()
    deal = _new(DealState)
    _set(deal, "__dict__", after)
    rulings: list[Ruling] = []
    if proven:
        deal, rulings = record(deal, variant, proven, sitting.options)
    if done is not None:
        rulings.append(Ruling(RulingKind.TRICK_WON, {"trick": done.number, **done.as_dict()}))
        if deal.trick is None:  # the deal's last trick: its provisional renege is final
            deal, last = record(deal, variant, provisional, sitting.options)
            # (`close_deal` reads the sitting's balances, deals and options, not its deal.)
            sitting, closing = close_deal(sitting, variant, deal)
            return sitting, rulings + last + closing
    table = sitting.__dict__.copy()  # `evolve(sitting, deal=deal)`
    table["deal"] = deal
    sitting = _new(Sitting)
    _set(sitting, "__dict__", table)
    return sitting, rulings
