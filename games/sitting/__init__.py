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

from games.sitting.errors import EventRejected, IdempotencyKeyReused, StaleVersion, TableNotFound
from games.sitting.postgres import PostgresTables
from games.sitting.repository import AppendOutcome, TableRepository

#: The PostgreSQL store (it holds nothing between requests: one per process).
POSTGRES: TableRepository = PostgresTables()


__all__ = [
    "POSTGRES",
    "AppendOutcome",
    "EventRejected",
    "IdempotencyKeyReused",
    "StaleVersion",
    "TableNotFound",
    "TableRepository",
]
