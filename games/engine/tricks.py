"""Card play in the trick-taking variants (louisiana, ukrainian, occitan)."""

from __future__ import annotations

from table_stream.rulings import RulingKind

from .cards import parse_card
from .errors import Rejection, gettext_noop
from .events import Play
from .knowledge import check_can_show
from .obligations import TrickRules, beats, breaks_nothing, broken_obligation
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
    before_play_of,
    evolve,
    new_trick,
)
from .variants import Variant


def next_to_play(deal: DealState) -> str:
    """Who plays the next card to the trick: its players play in turn from its leader."""
    trick = deal.trick
    assert trick is not None
    return trick.order[len(trick.cards)]


def context_for(deal: DealState, rules: TrickRules, player: str) -> PlayContext:
    """The public situation in which `player` plays the next card to the trick."""
    trick = deal.trick
    assert trick is not None
    won = deal.tricks_won.get(player, 0)
    if not trick.cards:
        return PlayContext(None, None, False, False, won, deal.played)
    led = trick.cards[0][1][1]
    best = trick.cards[trick.best][1]
    trumped = best[1] == rules.trump and led != rules.trump
    is_last = len(trick.cards) == len(trick.order) - 1
    return PlayContext(led, best, trumped, is_last, won, deal.played)


def check_turn(deal: DealState, player: str, *, expected: str) -> None:
    """Refuse `player` acting now when `expected` is to act, saying why they cannot."""
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
    """A card played to the trick: checked, judged, added to the trick. The trick's last
    card gives it to its best card; the deal's last trick settles the deal."""
    player = ev.player
    card = parse_card(ev.card, variant.deck, field="play")
    expected = next_to_play(deal)
    if player != expected:  # (whoever is to play is seated, in the deal and holds a card)
        check_turn(deal, player, expected=expected)
    check_can_show(deal, player, card, field="play")
    rules = variant.rules_for(sitting.options, deal.trump_suit)
    index = deal.actions
    # A card now follows the provisional reneges: no retract can correct them.
    proven = list(deal.provisional)
    pending = deal.pending
    if pending:  # every card a player shows was held at their earlier plays of this deal
        pending, shown = reveal(deal, rules, variant.strength, player, card, index)
        proven += shown
    trick = deal.trick
    assert trick is not None
    # Does the card take the lead? (The trick keeps the index of its best card so far.)
    n = len(trick.cards)
    heads = n > 0 and beats(card, trick.cards[trick.best][1], rules.trump, rules.strength)
    best = n if heads else trick.best
    context = context_for(deal, rules, player)
    hand = deal.hands.get(player, NO_HAND)
    left = deal.cards_left[player]
    held = hand.known | {card}
    provisional: tuple[Renege, ...] = ()
    if breaks_nothing(rules, context, card, heads=heads):
        pass  # nothing to judge, now or later
    elif (obligation := broken_obligation(rules, context, held, card)) is not None:
        provisional = (Renege(player, trick.number, card, obligation, index, index),)
    elif not hand.full and len(held) < left:
        # Part of the hand is unseen: judged again as the player shows more cards.
        pending += (Pending(player, trick.number, card, index, context, None, held, left),)
    hands = deal.hands
    if card in hand.known:  # a card nobody knew of changes nothing known of the hand
        hands = {**hands, player: Hand(hand.known - {card}, hand.full)}
    cards = (*trick.cards, (player, card))
    if len(cards) < len(trick.order):
        trick = evolve(trick, cards=cards, best=best)
    else:
        trick = evolve(trick, cards=cards, best=best, winner=cards[best][0])
    deal = evolve(
        deal,
        hands=hands,
        played=deal.played | {card},
        cards_left={**deal.cards_left, player: left - 1},
        trick=trick,
        pending=pending,
        provisional=provisional,
        actions=index + 1,
        play_started=True,
        before_play=before_play_of(deal),
        last_play=(player, card, index),
    )
    rulings: list[Ruling] = []
    if proven:
        deal, rulings = record(deal, variant, proven, sitting.options)
    if trick.winner is not None:
        deal = _trick_taken(deal, variant, trick)
        rulings.append(Ruling(RulingKind.TRICK_WON, {"trick": trick.number, **trick.as_dict()}))
        if deal.trick is None:  # the deal's last trick: its provisional renege is final
            deal, last = record(deal, variant, provisional, sitting.options)
            sitting, closing = close_deal(sitting, variant, deal)
            return sitting, rulings + last + closing
    return evolve(sitting, deal=deal), rulings


def _trick_taken(deal: DealState, variant: Variant, done: Trick) -> DealState:
    """The deal once `done`, its trick, has its winner: the next trick led by the winner,
    or none after the deal's last trick (then nothing is left to judge or take back)."""
    winner = done.winner
    assert winner is not None
    tricks = (*deal.tricks, done)
    won = {**deal.tricks_won, winner: deal.tricks_won[winner] + 1}
    if len(tricks) < variant.tricks_per_deal:
        following = new_trick(done.number + 1, winner, done.order)
        return evolve(deal, tricks=tricks, tricks_won=won, trick=following)
    return evolve(deal, tricks=tricks, tricks_won=won, trick=None, pending=(), provisional=())
