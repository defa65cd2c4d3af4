"""The table's write side: one table's sitting as an aggregate, and the repository that
is its unit of work.

- `aggregate`: `TableFold`, `evolve`, `fold_events` (pure: the fold of recorded events);
  `history.fold_stream`, the same fold of a long stream without replaying settled deals;
- `decide`: what posted events mean, as the events to append (pure; with the sitting's
  changes between deals and the map from engine event to stored type);
- `repository`: `TableRepository`, the unit of work (hold, load, decide, one `save`);
  `postgres.PostgresTables` and `memory.MemoryTables` are its two stores;
- `snapshot` and `snapshot_cache`: the snapshot codec and the decoded snapshots per
  process; `rebuild`: the snapshot rows rebuilt from the log.

Services call `POSTGRES` (or a store they are given) and nothing else of it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from games.sitting.errors import EventRejected, IdempotencyKeyReused, StaleVersion, TableNotFound

if TYPE_CHECKING:
    from games.sitting.repository import AppendOutcome, TableRepository

    #: The PostgreSQL store (it holds nothing between requests: one per process).
    POSTGRES: TableRepository


def __getattr__(name: str) -> Any:
    """The repository and its PostgreSQL store, loaded on first use: they need Django, and
    importing any module here runs this file first, so the pure ones (`aggregate`, `decide`,
    `history`, `snapshot`) would otherwise bring the database along."""
    if name == "POSTGRES":
        value: Any = importlib.import_module(f"{__name__}.postgres").PostgresTables()
    elif name in ("AppendOutcome", "TableRepository"):
        value = getattr(importlib.import_module(f"{__name__}.repository"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # once: later lookups find it without coming here
    return value


__all__ = [
    "POSTGRES",
    "AppendOutcome",
    "EventRejected",
    "IdempotencyKeyReused",
    "StaleVersion",
    "TableNotFound",
    "TableRepository",
]
