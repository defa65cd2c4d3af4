"""Why a write was refused; nothing is stored when one is raised."""

from __future__ import annotations

from games.engine import Rejection


class EventRejected(Exception):
    """The engine refused the event at `index` (0-based in the posted list)."""

    def __init__(self, index: int | None, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.index = index
        self.rejection = rejection


class StaleVersion(Exception):
    """The table is not at the version the client expected."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the table is at version {current}, not {expected}")
        self.expected = expected
        self.current = current


class IdempotencyKeyReused(Exception):
    """The Idempotency-Key was already used on this table for a different request."""


class TableNotFound(Exception):
    """No such table in the caller's club."""
