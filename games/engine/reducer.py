"""`apply(state, event) -> (state, rulings)`: the referee, one event at a time."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from table_stream.rulings import RulingKind

from . import climbing, declaring, seats, tricks
from .chips import check_chips
from .closing import close
from .dealing import start_deal
from .errors import Rejection, gettext_noop
from .events import Close, Declare, Event, Exchange, Join, Leave, PassTurn, Play, Retract, StartDeal
from .knowledge import AS_RECORDED, held_by
from .state import NO_HAND, DealState, Hand, Ruling, Sitting, evolve
from .variants import VARIANTS, Variant, get_variant


def new_sitting(
    *,
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
) -> Sitting:
    """A table before its first deal; refuses unknown variants, options and bad player lists."""
    rules = get_variant(variant)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise Rejection(
            "invalid_players", gettext_noop("players: must be a list of names"), field="players"
        )
    names = tuple(players)
    if any(not isinstance(p, str) or not p for p in names):
        raise Rejection(
            "invalid_players",
            gettext_noop("players: every player is a non-empty name"),
            field="players",
        )
    if len(set(names)) != len(names):
        raise Rejection(
            "invalid_players", gettext_noop("players: names must be distinct"), field="players"
        )
    if not rules.min_players <= len(names) <= rules.max_players:
        raise Rejection(
            "player_count",
            gettext_noop("players: %(variant)s is played by %(least)d to %(most)d players"),
            params={"variant": rules.name, "least": rules.min_players, "most": rules.max_players},
            field="players",
        )
    if options is not None and not isinstance(options, Mapping):
        raise Rejection(
            "invalid_option", gettext_noop("options: must be an object"), field="options"
        )
    checked = rules.check_options(options, names)
    return Sitting(
        variant=rules.name, options=checked, players=names, balances={p: 0 for p in names}
    )


def apply(state: Sitting, event: Event) -> tuple[Sitting, tuple[Ruling, ...]]:
    """The state after `event` and the rulings it produced; raises `Rejection` instead."""
    deal = state.deal
    if (  # a card played in a deal under way (most events): every check of `_apply` passes
        type(event) is Play
        and deal is not None
        and deal.trick is not None
        and not deal.over
        and state.closing is None
        and event.player in state.players
    ):
        variant = VARIANTS[state.variant]
        if variant.climbing:
            after, ruled = climbing.play(state, variant, deal, event)
        else:
            after, ruled = tricks.play(state, variant, deal, event)
        if not ruled:  # most card plays rule nothing
            return after, ()
        rulings = tuple(ruled)
    else:
        step = _DECLARATIONS.get(type(event))
        if (  # a declaration or an exchange in a deal under way: every check of `_apply` passes
            step is not None
            and deal is not None
            and not deal.over
            and state.closing is None
            and event.player in state.players  # type: ignore[union-attr]  # (both have one)
        ):
            after, ruled = step(state, VARIANTS[state.variant], deal, event)
            rulings = tuple(ruled)
        else:
            after, rulings = _apply(state, event)
    for ruling in rulings:
        if ruling.postings:  # chips moved: none beyond the bound (chips.py)
            check_chips(after, rulings)
            break
    return after, rulings


def apply_recorded(state: Sitting, event: Event) -> tuple[Sitting, tuple[Ruling, ...]]:
    """`apply` for an event the log recorded: the same state and rulings, but what public
    knowledge says of where a card can be (`knowledge.check_can_show`) is not asked again.
    The referee that logged the event accepted it; a later release may know more about
    where cards are and refuse what an earlier one let through, and the log must still
    fold. Every other check stands: an event no referee could have accepted still fails."""
    token = AS_RECORDED.set(True)
    try:
        return apply(state, event)
    finally:
        AS_RECORDED.reset(token)


#: The events before the first lead (five to ten a deal) and their steps, ruled by `apply`
#: without `_apply`'s call and its chain of `isinstance` checks (`_apply` rules them alike).
_DECLARATIONS: dict[type, Callable[..., tuple[Sitting, list[Ruling]]]] = {
    Declare: declaring.declare,
    Exchange: declaring.exchange,
}

#: The events that need no deal under way (a deal's own events are ruled after the checks
#: of `_apply` that there is one).
_NO_DEAL_NEEDED = (StartDeal, Join, Leave, Close)


def _apply(state: Sitting, event: Event) -> tuple[Sitting, tuple[Ruling, ...]]:
    # (The variant is read from the registry: `new_sitting` checked its name.)
    if state.closing is not None:  # `state.closed`
        raise Rejection(
            "table_closed", gettext_noop("the table is closed: nothing more can be logged")
        )
    variant = VARIANTS[state.variant]
    if isinstance(event, _NO_DEAL_NEEDED):  # one check for the events of a deal under way
        if isinstance(event, StartDeal):
            state, rulings = start_deal(state, variant, event)
        elif isinstance(event, Join):
            state, rulings = seats.join(state, event)
        elif isinstance(event, Leave):
            state, rulings = seats.leave(state, event)
        else:
            state, rulings = close(state)
        return state, tuple(rulings)
    deal = state.deal
    if deal is None:
        raise Rejection(
            "no_deal_in_progress", gettext_noop("no deal has started: log a deal first")
        )
    if event.player not in state.players:
        raise Rejection(
            "unknown_player",
            gettext_noop("player: %(player)r is not at this table"),
            field="player",
            params={"player": event.player},
        )
    if deal.over:
        # Between deals nothing but a new deal can happen (a play is no "sixth card").
        raise Rejection(
            "no_deal_in_progress", gettext_noop("this deal is over: log the next deal first")
        )
    if isinstance(event, Declare):
        state, rulings = declaring.declare(state, variant, deal, event)
    elif isinstance(event, Exchange):
        state, rulings = declaring.exchange(state, variant, deal, event)
    elif isinstance(event, Retract):
        state, rulings = _retract(state, variant, deal, event)
    else:
        if deal.trick is None:
            expected = declaring.next_declarer(deal)
            raise Rejection(
                "out_of_turn",
                gettext_noop("out of turn: expected %(expected)s to declare"),
                expected=expected,
                params={"expected": expected},
            )
        if isinstance(event, PassTurn):
            state, rulings = climbing.pass_turn(state, variant, deal, event)
        elif variant.climbing:
            state, rulings = climbing.play(state, variant, deal, event)
        else:
            state, rulings = tricks.play(state, variant, deal, event)
    return state, tuple(rulings)


def _retract(
    sitting: Sitting, variant: Variant, deal: DealState, ev: Retract
) -> tuple[Sitting, list[Ruling]]:
    """Put back the card just played: the state returns to before that play, except
    that what the card showed stays known (and reneges it proved stay proven)."""
    last = deal.last_play
    before = deal.before_play
    if last is None or before is None or last[0] != ev.player:
        raise Rejection(
            "cannot_retract",
            gettext_noop("retract: %(player)s may only take back a card nobody has played after"),
            field="retract",
            params={"player": ev.player},
        )
    player, card, index = last
    hand = before.hands.get(player, NO_HAND)
    restored = evolve(
        deal,  # what the play did not change is as it is now
        hands={**before.hands, player: Hand(hand.known | {card}, hand.full)},
        location={**deal.location, card: held_by(player)},  # (a play moves no card there)
        played=before.played,
        cards_left=before.cards_left,
        trick=before.trick,
        tricks=before.tricks,
        tricks_won=before.tricks_won,
        play_started=before.play_started,
        turn=before.turn,
        pending=tuple(p for p in deal.pending if p.index != index),
        provisional=(),
        actions=deal.actions + 1,
        before_play=None,
        last_play=None,
    )
    rulings: list[Ruling] = []
    if len(before.tricks) < len(deal.tricks):
        rulings.append(Ruling(RulingKind.TRICK_REOPENED, {"trick": deal.tricks[-1].number}))
    rulings.append(Ruling(RulingKind.CARD_RETRACTED, {"player": player, "card": card}))
    return evolve(sitting, deal=restored), rulings
