"""`decide`: what a table's commands mean, as the events to append.

The write side of the table stream is decide / evolve: `decide(fold, variant, commands)`
puts each command's cards in canonical form (once, here), rules on it through the fold, and
returns the events to append with the rulings and undos they made; `aggregate.evolve`
applies recorded events (the rebuild path), never deciding again. `fold` is advanced as
`decide` goes, so the caller can save it as the table's new snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from eventlog.types import NewEvent
from games.engine import (
    RULES_VERSION,
    Action,
    Close,
    Declare,
    Event,
    Exchange,
    Join,
    Leave,
    PassTurn,
    Play,
    Rejection,
    Retract,
    Ruling,
    SittingChange,
    StartDeal,
    action_to_json,
    change_to_json,
    deal_to_json,
)
from games.engine.cards import parse_card
from games.engine.variants import get_variant
from games.sitting.aggregate import TableFold
from games.sitting.commands import Command, Undo
from games.sitting.errors import EventRejected
from table_stream import (
    CARD_PLAYED,
    CARD_RETRACTED,
    CARDS_EXCHANGED,
    DEAL_STARTED,
    EVENT_UNDONE,
    GAME_EVENT_TYPES,
    PLAYER_DECLARED,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
    TURN_PASSED,
    ActionData,
    DealStartedData,
    EventUndoneData,
    RulingMadeData,
    SittingChangeData,
)

# The stored type of each engine event: what the engine parsed -> the contract's name it is
# appended under (`table_stream` names the types; it may not import the engine, so the
# pairing lives with the writer).
EVENT_TYPES: Mapping[type, str] = {
    StartDeal: DEAL_STARTED,
    Declare: PLAYER_DECLARED,
    Exchange: CARDS_EXCHANGED,
    Play: CARD_PLAYED,
    Retract: CARD_RETRACTED,
    PassTurn: TURN_PASSED,
    Join: PLAYER_JOINED,
    Leave: PLAYER_LEFT,
    Close: TABLE_CLOSED,
}
assert frozenset(EVENT_TYPES.values()) == GAME_EVENT_TYPES


def event_type(event: Event) -> str:
    return EVENT_TYPES[type(event)]


@dataclass(slots=True)
class Decision:
    events: list[NewEvent] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    undone: list[dict[str, Any]] = field(default_factory=list)


def decide(fold: TableFold, variant: str, commands: Sequence[Command]) -> Decision:
    """The events to append for `commands`, folding `fold` forward (raises `EventRejected`
    with the index of the refused command; the fold is then to be thrown away)."""
    deck = get_variant(variant).deck
    out = Decision()
    version = fold.version
    for index, command in enumerate(commands):
        try:
            if isinstance(command, Undo):
                version += 1
                out.events.append(_undo(fold, command, version))
                out.undone.append({"version": version, **out.events[-1].data})
                continue
            event, data = _canonical(command, deck)
            type_ = event_type(event)
            version += 1
            cause = version
            made = fold.decided(type_, event, data, cause)
        except Rejection as rejection:
            raise EventRejected(index, rejection) from None
        out.events.append(NewEvent(type_, {**data}))
        # The closing's ruling belongs to the sitting, not to its last deal.
        changes_sitting = isinstance(event, SittingChange)
        deal = None if changes_sitting or fold.state.deal is None else fold.state.deal.index
        for ruling in made:
            version += 1
            ruling_data = _ruling_data(ruling, cause, deal)
            out.events.append(NewEvent(RULING_MADE, {**ruling_data}))
            fold.ruling_made(version, cause)
            out.rulings.append({"version": version, **ruling_data, "postings": _legs(ruling)})
    return out


def _undo(fold: TableFold, undo: Undo, version: int) -> NewEvent:
    taken = fold.undo(version)
    data: EventUndoneData = {
        "reason": undo.reason,
        "undone_version": taken["version"],
        "undone_type": taken["type"],
        "voided_versions": list(taken["rulings"]),
    }
    return NewEvent(EVENT_UNDONE, {**data})


def _canonical(
    command: Event, deck: frozenset[str]
) -> tuple[Event, DealStartedData | ActionData | SittingChangeData]:
    """The engine event with its cards in canonical form (the engine then finds each in the
    deck), and the data it is stored with."""
    if isinstance(command, StartDeal):
        deal = _canonical_deal(command, deck)
        return deal, deal_to_json(deal)
    if isinstance(command, SittingChange):
        return command, next(iter(change_to_json(command).values()))
    action = _canonical_action(command, deck)
    return action, action_to_json(action)


def _canonical_deal(deal: StartDeal, deck: frozenset[str]) -> StartDeal:
    hands = deal.hands
    if hands is not None:
        hands = {
            p: tuple(parse_card(c, deck, field=f"hands.{p}") for c in cards)
            for p, cards in hands.items()
        }
    trump = deal.trump if deal.trump is None else parse_card(deal.trump, deck, field="trump")
    return replace(deal, hands=hands, trump=trump)


def _canonical_action(action: Action, deck: frozenset[str]) -> Action:
    if isinstance(action, Play):
        return replace(action, card=parse_card(action.card, deck, field="play"))
    if isinstance(action, Exchange):
        discard, draw = action.discard, action.draw
        return replace(
            action,
            discard=None if discard is None else _cards(discard, deck, "discard"),
            draw=None if draw is None else _cards(draw, deck, "draw"),
        )
    return action


def _cards(cards: Sequence[str], deck: frozenset[str], key: str) -> tuple[str, ...]:
    return tuple(parse_card(c, deck, field=key) for c in cards)


def _legs(ruling: Ruling) -> list[dict[str, Any]]:
    """The ruling's postings in the ledger's shape: each leg an account and an amount
    (the log keeps legs as pairs; responses speak as `GET /ledger` does)."""
    return [
        {
            "kind": posting.kind,
            "legs": [{"account": account, "amount": amount} for account, amount in posting.legs],
        }
        for posting in ruling.postings
    ]


def _ruling_data(ruling: Ruling, cause_version: int, deal: int | None) -> RulingMadeData:
    data = dict(ruling.data)
    data.pop("kind", None)
    return {
        "kind": ruling.kind,
        "ruling": data,
        "postings": [p.as_dict() for p in ruling.postings],
        "rules_version": RULES_VERSION,
        "cause_version": cause_version,
        "deal": deal,
    }
