"""The table stream's published contract: what every reader of a table's events may rely on.

One table is one stream, `table-<uuid>`. This package names its event types, builds and
parses its stream names, and describes each event's data; it is pure (no Django, no I/O).
Every other module, in `games` and in the apps above it, imports these names instead of
writing them out, so an event's name and shape are decided in exactly one place.
"""

from games.table.events import (
    CARD_PLAYED,
    CARD_RETRACTED,
    CARDS_EXCHANGED,
    DEAL_STARTED,
    EVENT_UNDONE,
    GAME_EVENT_TYPES,
    PLAYER_DECLARED,
    PLAYER_JOINED,
    PLAYER_LEFT,
    PLAYER_NAME_MAX_LENGTH,
    RULING_MADE,
    SITTING_EVENT_TYPES,
    TABLE_CLOSED,
    TABLE_CREATED,
    TURN_PASSED,
    EventUndoneData,
    PlayerJoinedData,
    PlayerLeftData,
    Posting,
    RulingMadeData,
    TableClosedData,
    TableCreatedData,
    seats_after_join,
)
from games.table.streams import CATEGORY, STREAM_PREFIX, is_table_stream, stream_name, table_id_of

__all__ = [
    "CARDS_EXCHANGED",
    "CARD_PLAYED",
    "CARD_RETRACTED",
    "CATEGORY",
    "DEAL_STARTED",
    "EVENT_UNDONE",
    "GAME_EVENT_TYPES",
    "PLAYER_DECLARED",
    "PLAYER_JOINED",
    "PLAYER_LEFT",
    "PLAYER_NAME_MAX_LENGTH",
    "RULING_MADE",
    "SITTING_EVENT_TYPES",
    "STREAM_PREFIX",
    "TABLE_CLOSED",
    "TABLE_CREATED",
    "TURN_PASSED",
    "EventUndoneData",
    "PlayerJoinedData",
    "PlayerLeftData",
    "Posting",
    "RulingMadeData",
    "TableClosedData",
    "TableCreatedData",
    "is_table_stream",
    "seats_after_join",
    "stream_name",
    "table_id_of",
]
