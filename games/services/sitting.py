"""Posted changes of the sitting between deals: `{"join": ...}`, `{"leave": ...}`,
`{"close": {}}` (RULES.md §5). The engine rules on them; this reads the posted shape,
holds a joining name to the rules of names at table creation, and gives what to store."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import (
    Rejection,
    SittingChange,
    change_to_json,
    parse_close,
    parse_join,
    parse_leave,
)
from games.services.event_types import event_type
from games.table import SittingChangeData
from games.table.names import player_name

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
        raise _refused(field, problem)
    return name


def _refused(field: str, message: str) -> Rejection:
    return Rejection("invalid_players", f"{field}: {message}", field=field)
