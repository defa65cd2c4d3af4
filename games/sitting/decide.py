"""`decide`: what a table's posted events mean, as the events to append.

The write side of the table stream is decide / evolve: `decide(fold, variant, posted)` reads
each posted item exactly once (one parse, cards put in canonical form once, here) into an
engine event and its stored data, rules on it through the fold, and returns the events to
append with the rulings and undos they made; `aggregate.evolve` applies recorded events
(the rebuild path), never deciding again. `fold` is advanced as `decide` goes, so the
caller can save it as the table's new snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from api_common.text_rules import UNDO_REASON_MAX_LENGTH, text_fault
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
    parse_action,
    parse_close,
    parse_deal,
    parse_join,
    parse_leave,
)
from games.engine.cards import parse_card
from games.engine.errors import Phrase
from games.engine.variants import get_variant
from games.eventstore.types import NewEvent
from games.sitting.aggregate import TableFold
from games.sitting.errors import EventRejected
from games.table import (
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
from games.table.names import player_name

# The stored type of each engine event: what the engine parsed -> the contract's name it is
# appended under (`games.table` names the types; it may not import the engine, so the
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


def decide(fold: TableFold, variant: str, posted: Sequence[Any]) -> Decision:
    """The events to append for `posted`, folding `fold` forward (raises `EventRejected`
    with the index of the refused item; the fold is then to be thrown away)."""
    deck = get_variant(variant).deck
    out = Decision()
    version = fold.version
    for index, item in enumerate(posted):
        try:
            if isinstance(item, Mapping) and "undo" in item:
                version += 1
                out.events.append(_undo(fold, item, version))
                out.undone.append({"version": version, **out.events[-1].data})
                continue
            changes_sitting = is_sitting_change(item)
            event: Event
            data: DealStartedData | ActionData | SittingChangeData
            if changes_sitting:
                type_, event, data = sitting_change(item)
            else:
                type_, event, data = _game_event(item, deck)
            version += 1
            cause = version
            made = fold.decided(type_, event, data, cause)
        except Rejection as rejection:
            raise EventRejected(index, rejection) from None
        out.events.append(NewEvent(type_, {**data}))
        # The closing's ruling belongs to the sitting, not to its last deal.
        deal = None if changes_sitting or fold.state.deal is None else fold.state.deal.index
        for ruling in made:
            version += 1
            ruling_data = _ruling_data(ruling, cause, deal)
            out.events.append(NewEvent(RULING_MADE, {**ruling_data}))
            fold.ruling_made(version, cause)
            out.rulings.append({"version": version, **ruling_data, "postings": _legs(ruling)})
    return out


def _undo(fold: TableFold, item: Mapping[str, Any], version: int) -> NewEvent:
    undo = item["undo"]
    if len(item) != 1 or not isinstance(undo, Mapping):
        raise Rejection("invalid_event", 'undo: must be {"undo": {"reason": ...}}', field="undo")
    reason = undo.get("reason", "")
    if not isinstance(reason, str):
        raise Rejection("invalid_event", "undo.reason: must be text", field="undo.reason")
    fault = text_fault(reason, max_length=UNDO_REASON_MAX_LENGTH, required=False)
    if fault is not None:  # worded where it is shown, in the reader's language
        problem, values = fault
        raise Rejection(
            "invalid_event",
            "undo.reason: %(problem)s",
            field="undo.reason",
            params={**values, "problem": Phrase(problem)},
        )
    taken = fold.undo(version)
    data: EventUndoneData = {
        "reason": reason,
        "undone_version": taken["version"],
        "undone_type": taken["type"],
        "voided_versions": list(taken["rulings"]),
    }
    return NewEvent(EVENT_UNDONE, {**data})


def _game_event(item: Any, deck: frozenset[str]) -> tuple[str, Event, DealStartedData | ActionData]:
    """The stored type, the engine event and the stored data of a posted deal or action:
    parsed once, its cards in canonical form (the engine then finds each in the deck)."""
    if isinstance(item, Mapping) and "deal" in item:
        if len(item) != 1:
            raise Rejection(
                "invalid_event", 'deal: a deal event has only the "deal" key', field="deal"
            )
        deal = _canonical_deal(parse_deal(item["deal"]), deck)
        return DEAL_STARTED, deal, deal_to_json(deal)
    action = _canonical_action(parse_action(item), deck)
    return event_type(action), action, action_to_json(action)


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


# ---------------------------------------------------------------- the sitting's changes
# Posted changes of the sitting between deals: `{"join": ...}`, `{"leave": ...}`,
# `{"close": {}}` (RULES.md §5). The engine rules on them; this reads the posted shape and
# holds a joining name to the rules of names at table creation.
SITTING_KEYS = ("join", "leave", "close")
_PARSERS: dict[str, Callable[[object], SittingChange]] = {
    "join": parse_join,
    "leave": parse_leave,
    "close": parse_close,
}


def is_sitting_change(item: object) -> bool:
    return isinstance(item, Mapping) and any(key in item for key in SITTING_KEYS)


def sitting_change(item: Mapping[str, Any]) -> tuple[str, SittingChange, SittingChangeData]:
    """The stored type, the parsed change and the stored data of a posted sitting change
    (raises `Rejection`)."""
    key = next(k for k in SITTING_KEYS if k in item)
    body = item[key]
    if isinstance(body, Mapping):
        body = {k: _name(v, f"{key}.{k}") for k, v in body.items()}
    change = _PARSERS[key]({**item, key: body})
    data = change_to_json(change)[key]
    return event_type(change), change, data


def _name(value: object, field: str) -> object:
    """A joining name held to the rules of a new table's names (the engine refuses one that
    differs from a player's only by case)."""
    if not isinstance(value, str):
        return value  # the engine names the field that is not a name
    name, problem = player_name(value)
    if problem is not None:
        # Said in the reader's language when read (the template is in the catalogues).
        params = {"field": field, "problem": Phrase(problem.template), **problem.params}
        raise Rejection("invalid_players", "%(field)s: %(problem)s", field=field, params=params)
    return name
