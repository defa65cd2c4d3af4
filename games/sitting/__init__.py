"""The table's write side: a table's sitting as an aggregate, and its unit of work.

- `commands`: what a scorekeeper asks, as typed values, parsed once from the posted JSON;
- `aggregate`: `TableFold`, `evolve`, `fold_events` (pure: the fold of recorded events);
  `history.fold_stream`, the same fold of a long stream without replaying settled deals;
- `decide`: what commands mean, as the events to append (pure);
- `repository`: `Tables`, the unit of work (`load`, and `save` of a `Save` value), with its
  two stores `postgres.PostgresTables` and `memory.MemoryTables`;
- `snapshot` and `snapshot_cache`: the snapshot codec and the decoded snapshots per process;
  `rows`: the snapshot rows in SQL; `rebuild`: the snapshot rows rebuilt from the log.

Services call `POSTGRES` (or a store they are given) and nothing else of its stores.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from games.sitting.aggregate import TableFold
from games.sitting.commands import Command, Undo, command_json, command_parse, commands_parse
from games.sitting.decide import decide
from games.sitting.errors import (
    EventRejected,
    IdempotencyKeyReused,
    RowMoved,
    StaleVersion,
    TableNotFound,
)

if TYPE_CHECKING:
    from games.sitting.repository import Loaded, NewAnswer, Save, StoredAnswer, Tables

    #: The PostgreSQL store (it keeps the snapshots of its own last saves: one per process).
    POSTGRES: Tables

_REPOSITORY = ("Loaded", "NewAnswer", "Save", "StoredAnswer", "Tables")


def __getattr__(name: str) -> Any:
    """The unit of work and its PostgreSQL store, loaded on first use: they need Django, and
    importing any module here runs this file first, so the pure ones (`aggregate`,
    `commands`, `decide`, `history`, `snapshot`) would otherwise bring the database along."""
    if name == "POSTGRES":
        value: Any = importlib.import_module(f"{__name__}.postgres").PostgresTables()
    elif name in _REPOSITORY:
        value = getattr(importlib.import_module(f"{__name__}.repository"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # once: later lookups find it without coming here
    return value


__all__ = [
    "POSTGRES",
    "Command",
    "EventRejected",
    "IdempotencyKeyReused",
    "Loaded",
    "NewAnswer",
    "RowMoved",
    "Save",
    "StaleVersion",
    "StoredAnswer",
    "TableFold",
    "TableNotFound",
    "Tables",
    "Undo",
    "command_json",
    "command_parse",
    "commands_parse",
    "decide",
]
