"""Decoded snapshots kept per process, keyed by their JSON text.

A card play loads the table's snapshot and writes the next one; decoding it again on the
next play cost more Python than anything else the append does. The engine's states are
immutable values, so the state decoded from (or encoded to) a text can be handed out again
for the very same text. Keyed by the whole text, not by table and version: a row rewritten
by another process or a rebuild is a different text and is decoded afresh, so the cache
can never answer with a state the row does not hold. Bounded; the oldest entry goes first.
"""

from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine import Sitting
from games.sitting import snapshot

if TYPE_CHECKING:
    from games.models import Table

LIMIT = 256  # texts (a table's state and its deal start are two): about 128 busy tables

_states: dict[str, Sitting] = {}
_lock = threading.Lock()


def decoded(text: str) -> Sitting:
    """`snapshot.load_state(text)`, from the cache when this text was seen."""
    with _lock:
        state = _states.get(text)
    if state is None:
        state = snapshot.load_state(text)
        remember(text, state)
    return state


def remember(text: str, state: Sitting) -> None:
    """Keep `state` as the decoding of `text` (its encoding, just written)."""
    with _lock:
        _states[text] = state
        while len(_states) > LIMIT:
            del _states[next(iter(_states))]


@dataclass(frozen=True, slots=True)
class Kept:
    """A table's state row as this process last committed it: the fold's texts (decoded
    through `decoded`, so a play decodes nothing) and the table, at `version`. A committed
    version of a table is a fact of its log, so the kept row can only be behind the
    database, never wrong: a play decided on it is written only if the row is still at
    `version` (`games_table_save`'s `p_row_version`)."""

    table: Table
    version: int
    state: str
    deal_start: str
    deal_events: str  # JSON text: the fold's list is mutated by the next decision


# Tables: each one's two texts are in `_states` too, which holds LIMIT texts; more tables
# kept than that would be kept rows whose states are decoded again.
TABLES_LIMIT = LIMIT // 2

_kept: dict[tuple[uuid.UUID, uuid.UUID], Kept] = {}


def kept(table_id: uuid.UUID, club_id: uuid.UUID) -> Kept | None:
    """The row kept for the table of this club, if any."""
    with _lock:
        return _kept.get((table_id, club_id))


def keep(row: Kept) -> None:
    """Keep `row` (call it once its transaction has committed, never before: a row kept
    from a transaction rolled back would be a version the log may later hold otherwise)."""
    key = (row.table.id, row.table.club_id)
    with _lock:
        _kept.pop(key, None)  # the most recent last, so the oldest goes first
        _kept[key] = row
        while len(_kept) > TABLES_LIMIT:
            del _kept[next(iter(_kept))]


def forget_tables() -> None:
    """Forget every kept row (tests; a process that must not trust what it kept)."""
    with _lock:
        _kept.clear()
