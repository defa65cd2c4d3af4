"""The event types of a table stream and the shape of each one's data.

Game events carry the posted deal or action in `bourre-transcript/1` form with cards in
canonical text (`DealStarted`: a transcript deal without `actions`; the actions: one
transcript action), or a change of the sitting between deals (`PlayerJoined`,
`PlayerLeft`, `TableClosed`, shapes below). The other types are the facts the service
adds around them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NotRequired, TypedDict

TABLE_CREATED = "TableCreated"
DEAL_STARTED = "DealStarted"
PLAYER_DECLARED = "PlayerDeclared"
CARDS_EXCHANGED = "CardsExchanged"
CARD_PLAYED = "CardPlayed"
CARD_RETRACTED = "CardRetracted"
TURN_PASSED = "TurnPassed"
PLAYER_JOINED = "PlayerJoined"
PLAYER_LEFT = "PlayerLeft"
TABLE_CLOSED = "TableClosed"
RULING_MADE = "RulingMade"
EVENT_UNDONE = "EventUndone"

#: A player's name: what `TableCreated.players` and `PlayerJoined.player` hold (trimmed,
#: never blank).
PLAYER_NAME_MAX_LENGTH = 100

#: Changes of the sitting between deals (RULES.md §5): who sits, and the closing.
SITTING_EVENT_TYPES = frozenset({PLAYER_JOINED, PLAYER_LEFT, TABLE_CLOSED})

#: The events the referee folds (what a posted deal, action or sitting change is stored as).
GAME_EVENT_TYPES = (
    frozenset(
        {DEAL_STARTED, PLAYER_DECLARED, CARDS_EXCHANGED, CARD_PLAYED, CARD_RETRACTED, TURN_PASSED}
    )
    | SITTING_EVENT_TYPES
)


class TableCreatedData(TypedDict):
    """Version 1 of every table stream."""

    table_id: str
    club_id: str
    name: str
    variant: str
    options: dict[str, Any]
    players: list[str]


class DealStartedData(TypedDict):
    """A transcript deal header (no `actions`); the optional keys only when given."""

    dealer: str
    ante: NotRequired[int]
    seated: NotRequired[list[str]]
    hands: NotRequired[dict[str, list[str]]]
    trump: NotRequired[str]


class PlayerDeclaredData(TypedDict):
    player: str
    declare: Literal["play", "pass"]


class CardsExchangedData(TypedDict):
    """`discard` and `draw` (cards in canonical text) only when the table logs them."""

    player: str
    exchange: int
    discard: NotRequired[list[str]]
    draw: NotRequired[list[str]]


class CardPlayedData(TypedDict):
    """`play`: the card in canonical text (e.g. `TS`)."""

    player: str
    play: str


class CardRetractedData(TypedDict):
    player: str
    retract: Literal[True]


class TurnPassedData(TypedDict):
    player: str
    pass_turn: Literal[True]


#: The data of an action event: one transcript action.
ActionData = (
    PlayerDeclaredData | CardsExchangedData | CardPlayedData | CardRetractedData | TurnPassedData
)


class PlayerJoinedData(TypedDict):
    """`player` sits down right after `seat_after` in the seat order (None: the first
    seat); a player who left and comes back names the seat they had."""

    player: str
    seat_after: str | None


def seats_after_join(seats: Sequence[str], joined: PlayerJoinedData) -> list[str]:
    """Every seat ever taken once `joined` is seated (a player coming back keeps their seat):
    how a reader replays `TableCreated.players` and the `PlayerJoined` events."""
    if joined["player"] in seats:
        return list(seats)
    after = joined["seat_after"]
    at = 0 if after is None else list(seats).index(after) + 1
    return [*seats[:at], joined["player"], *seats[at:]]


class PlayerLeftData(TypedDict):
    player: str


class TableClosedData(TypedDict):
    """No fields: the closing (shares, transfers) is the `RulingMade` it causes."""


#: The data of a change of the sitting (`PlayerJoined`, `PlayerLeft`, `TableClosed`).
SittingChangeData = PlayerJoinedData | PlayerLeftData | TableClosedData


class Posting(TypedDict):
    """A ruling's double-entry posting (`kind`: a `PostingKind`): legs of `[account, amount]`
    summing to 0, the accounts `player:<name>` and `pot` (JSON pairs: two-item lists)."""

    kind: str
    legs: list[list[str | int]]


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
