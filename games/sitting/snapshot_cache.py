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

from games.engine import Sitting
from games.sitting import snapshot

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
