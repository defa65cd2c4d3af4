"""The stored event type of each engine event: the service's map from what the engine
parsed to the contract's name it is appended under (`games.table` names the types; it
may not import the engine, so the pairing lives with the service that writes them)."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine import (
    Close,
    Declare,
    Event,
    Exchange,
    Join,
    Leave,
    PassTurn,
    Play,
    Retract,
    StartDeal,
)
from games.table import (
    CARD_PLAYED,
    CARD_RETRACTED,
    CARDS_EXCHANGED,
    DEAL_STARTED,
    GAME_EVENT_TYPES,
    PLAYER_DECLARED,
    PLAYER_JOINED,
    PLAYER_LEFT,
    TABLE_CLOSED,
    TURN_PASSED,
)

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
