"""Card play in the trick-taking variants (louisiana, ukrainian, occitan)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from table_stream.rulings import RulingKind

from .cards import parse_card
from .errors import Rejection, gettext_noop
from .events import Play
from .knowledge import check_can_show
from .obligations import TrickRules, broken_in, trick_winner
from .reneges import record, rejudge
from .settlement import close_deal
from .state import (
    NO_HAND,
    Bare,
    BeforePlay,
    DealState,
    Hand,
    Pending,
    PlayContext,
    Renege,
    Ruling,
    Sitting,
    Trick,
    copy_mapping,
)
from .variants import Variant

#: `PlayContext(...)` and `BeforePlay(...)` without the named tuples' Python `__new__`
#: (one each per card played)
_context = _before = tuple.__new__
#: what a play of a card nobody waited for shows: no renege
_NONE: tuple[Renege, ...] = ()
#: a new trick's players who passed (the climbing variant's; none here)
_NOBODY: frozenset[str] = frozenset()


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
    # The referee's most frequent step: written out (who is to play read from the
    # trick's order, the trick's best card kept in the trick and compared with the new
    # card only) rather than through the helpers above, which the views and the climbing
    # variant share, and the new states made by copying their instance dicts in place
    # rather than through `evolve`'s keyword arguments
    # (docs/decisions/0014-the-card-play-written-out.md). Written from the helpers again
    # (one check_turn, evolve, constructors), the engine ran 30% slower: 3,510 against
    # 4,991 louisiana deals/s, 513 against 166 Python calls a deal (`make bench
    # BENCH=engine_ab`, best of 20 alternated), 10.2% and 8.6% of `json.loads` against the
    # summary's 10% and 8%: so it stays written out.
    player = ev.player
    trick = deal.trick
    assert trick is not None
    so_far = trick.cards
    order = trick.order
    n = len(so_far)
    expected = order[n]  # a trick of the trick-taking variants is never full here
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
    options = sitting.options
    rules = variant.rules_made.get((deal.trump_suit, options.get("cinch")))  # `rules_for`
    if rules is None:
        rules = variant.rules_for(options, deal.trump_suit)
    strength = rules.strength
    trump = rules.trump
    index = deal.actions
    # Every card a player shows was held at their earlier plays of this deal.
    shown: Sequence[Renege]
    pending, shown = deal.pending, _NONE
    if pending:
        # `reveal`'s own first look, without its call: most often none of the player's
        # pending plays can be judged otherwise for this card (`reneges.reveal`); when
        # one can, the re-judging itself (`rejudge`).
        for p in pending:
            if p.player == player and card not in p.known:
                context = p.context
                if context is None or card[1] == context.led or card[1] == trump:
                    pending, shown = rejudge(pending, rules, variant.strength, player, card, index)
                    break
    # A card now follows the provisional ones: no retract can correct them.
    proven: Sequence[Renege] = [*deal.provisional, *shown] if deal.provisional else shown
    tricks_won = deal.tricks_won
    best = trick.best  # the index in the trick of its best card so far
    # The public situation of the play (`PlayContext`, made only if the play waits as
    # pending: a logged hand is judged at once).
    led: str | None
    top: str | None
    if n:
        top = so_far[best][1]
        led = so_far[0][1][1]
        trumped = top[1] == trump and led != trump  # (a card's suit is never None)
        # Does the new card take the lead? A higher card of the best card's suit, or a
        # trump over a card of another suit (`trick_winner`).
        if card[1] == top[1]:
            if strength[card] > strength[top]:
                best = n
        elif card[1] == trump:
            best = n
        # A card of the led suit, not trumps, that takes the lead (or when the trick is
        # trumped, or heading it is not owed) breaks no obligation whatever else the hand
        # holds (test_obligations.py, `test_a_card_that_follows_and_heads_breaks_nothing`):
        # nothing to judge, now or later.
        settled = card[1] == led != trump and (best == n or trumped or not rules.must_head)
    else:
        led = top = None
        trumped = settled = False
    provisional: tuple[Renege, ...] = ()
    cards_left = deal.cards_left
    left = cards_left[player]
    # The hand known to hold the card (a logged hand holds it already: no new set for it);
    # not needed when the card is settled.
    held = known if settled or card in known else known | {card}
    if settled:
        pass  # nothing to judge, now or later
    elif (
        # A hand known to hold the card played and nothing else breaks no obligation
        # (test_obligations.py, `test_a_hand_of_the_card_alone_breaks_nothing`): the first
        # card of a hidden hand, most of its later ones, the last card of any hand.
        len(held) > 1
        and (
            obligation := broken_in(
                rules,
                led,
                top,
                trumped,
                n == len(order) - 1,
                tricks_won.get(player, 0),
                played,
                held,
                card,
            )
        )
        is not None
    ):
        provisional = (Renege(player, trick.number, card, obligation, index, index),)
    elif not hand.full and len(held) < left:
        # Part of the hand is unseen: judge again as the player shows more cards.
        waiting: Any = Bare()  # `new_pending(...)`, without its two calls
        waiting.__dict__ = {
            "player": player,
            "trick": trick.number,
            "card": card,
            "index": index,
            "context": _context(
                PlayContext,
                (led, top, trumped, n == len(order) - 1, tricks_won.get(player, 0), played),
            ),
            "to_beat": None,
            "known": held,
            "hand_size": left,
        }
        waiting.__class__ = Pending
        pending += (waiting,)
    after = deal.__dict__.copy()
    # What a retract puts back (`BeforePlay`, the fields this play changes), made
    # without the named tuple's Python `__new__`.
    after["before_play"] = _before(
        BeforePlay,
        (hands, played, cards_left, trick, deal.tricks, tricks_won, deal.play_started, deal.turn),
    )
    if card in known:  # otherwise the hand's knowledge is unchanged: the same values kept
        hands = copy_mapping(hands)
        now: Any = Bare()  # `new_hand(known - {card}, hand.full)`, without the call
        now.__dict__ = {"known": known - {card}, "full": hand.full}
        now.__class__ = Hand
        hands[player] = now
        after["hands"] = hands
    cards = (*so_far, (player, card))
    after["played"] = played | {card}
    cards_left = copy_mapping(cards_left)
    cards_left[player] = left - 1
    after["cards_left"] = cards_left
    after["pending"] = pending
    after["provisional"] = provisional
    after["actions"] = index + 1
    after["play_started"] = True
    after["last_play"] = (player, card, index)
    going = trick.__dict__.copy()
    going["cards"] = cards
    going["best"] = best
    going_on: Any = Bare()  # `made(Trick, going)`, without the call
    going_on.__dict__ = going
    going_on.__class__ = Trick
    if n + 1 < len(order):
        after["trick"] = going_on
        done = None
    else:  # the last card of the trick: its best card takes it
        winner = going["winner"] = cards[best][0]
        done = going_on
        tricks = after["tricks"] = (*deal.tricks, done)
        won = after["tricks_won"] = copy_mapping(tricks_won)
        won[winner] += 1
        if len(tricks) < variant.tricks_per_deal:
            # `new_trick(trick.number + 1, winner, deal.active)`, without its two calls:
            # the trick's players in turn are the same as this one's, from the winner.
            at = order.index(winner)
            nobody: Any = Bare()
            nobody.__dict__ = {
                "number": trick.number + 1,
                "leader": winner,
                "cards": (),
                "winner": None,
                "passed": _NOBODY,
                "order": order[at:] + order[:at],
                "best": 0,
            }
            nobody.__class__ = Trick
            after["trick"] = nobody
        else:  # the deal's last trick: no next trick, nothing left to judge or retract
            after["trick"], after["pending"], after["provisional"] = None, (), ()
    now_dealt: Any = Bare()  # `made(DealState, after)`
    now_dealt.__dict__ = after
    now_dealt.__class__ = DealState
    deal = now_dealt
    rulings: list[Ruling] = []
    if proven:
        deal, rulings = record(deal, variant, proven, sitting.options)
    if done is not None:
        # `Ruling(TRICK_WON, {"trick": done.number, **done.as_dict()})`, made in place
        won_ruling: Any = Bare()
        won_ruling.__dict__ = {
            "kind": RulingKind.TRICK_WON,
            "data": {
                "trick": going["number"],
                "leader": going["leader"],
                "cards": list(map(list, cards)),
                "winner": going["winner"],
            },
            "postings": (),
        }
        won_ruling.__class__ = Ruling
        rulings.append(won_ruling)
        if deal.trick is None:  # the deal's last trick: its provisional renege is final
            deal, last = record(deal, variant, provisional, sitting.options)
            # (`close_deal` reads the sitting's balances, deals and options, not its deal.)
            sitting, closing = close_deal(sitting, variant, deal)
            return sitting, rulings + last + closing
    table = sitting.__dict__.copy()  # `evolve(sitting, deal=deal)`
    table["deal"] = deal
    now_sitting: Any = Bare()  # `made(Sitting, table)`
    now_sitting.__dict__ = table
    now_sitting.__class__ = Sitting
    sitting = now_sitting
    return sitting, rulings
