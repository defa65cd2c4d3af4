"""The event types of a table stream and the shape of each one's data.

Game events carry the posted deal or action in `bourre-transcript/1` form with cards in
canonical text (`DealStarted`: a transcript deal without `actions`; the others: one
transcript action). The other types are the facts the service adds around them.
"""

from __future__ import annotations

from typing import Any, TypedDict

TABLE_CREATED = "TableCreated"
DEAL_STARTED = "DealStarted"
PLAYER_DECLARED = "PlayerDeclared"
CARDS_EXCHANGED = "CardsExchanged"
CARD_PLAYED = "CardPlayed"
CARD_RETRACTED = "CardRetracted"
TURN_PASSED = "TurnPassed"
RULING_MADE = "RulingMade"
EVENT_UNDONE = "EventUndone"

#: The events the referee folds (what a posted deal or action is stored as).
GAME_EVENT_TYPES = frozenset(
    {DEAL_STARTED, PLAYER_DECLARED, CARDS_EXCHANGED, CARD_PLAYED, CARD_RETRACTED, TURN_PASSED}
)


class TableCreatedData(TypedDict):
    """Version 1 of every table stream."""

    table_id: str
    club_id: str
    name: str
    variant: str
    options: dict[str, Any]
    players: list[str]


class Posting(TypedDict):
    """A ruling's double-entry posting: legs of `[account, amount]` summing to 0, the
    accounts `player:<name>` and `pot`."""

    kind: str
    legs: list[tuple[str, int]]


class RulingMadeData(TypedDict):
    """A ruling the referee made, recorded right after the event that caused it. The
    recorded ruling is the truth for its deal: `rules_version` says which rules made it."""

    kind: str
    ruling: dict[str, Any]
    postings: list[Posting]
    rules_version: str
    cause_version: int
    deal: int | None


class EventUndoneData(TypedDict):
    """A compensating event: the game event at `undone_version` and the rulings it
    caused (`voided_versions`) no longer count."""

    reason: str
    undone_version: int
    undone_type: str
    voided_versions: list[int]
