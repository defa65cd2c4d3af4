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

    code = "version_conflict"

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the table is at version {current}, not {expected}")
        self.expected = expected
        self.current = current


class IdempotencyKeyReused(Exception):
    """The Idempotency-Key was already used on this table for a different request."""

    code = "idempotency_conflict"


class TableNotFound(Exception):
    """No such table in the caller's club."""


class RowMoved(Exception):
    """Not a refusal: the table's row is no longer at the version a play was decided on
    without its lock (the snapshot kept in process). The repository decides again under
    the lock, which gives the answer (a stale version, a stored answer, no such table)."""


#: The write side's own refusals, code -> what it means (the engine's, which the write side
#: passes on as `EventRejected`, are `games.engine.refusals.REFUSAL_CODES`); the API
#: catalogues both (`games.api.error_codes`).
WRITE_REFUSAL_CODES: dict[str, str] = {
    StaleVersion.code: (
        "`expected_version` is not the table's version (`current_version` says what it is): "
        "reload and retry"
    ),
    IdempotencyKeyReused.code: "an `Idempotency-Key` reused with a different request body",
    # Raised as a `Rejection` by the aggregate's undo, like the engine's refusals.
    "nothing_to_undo": (
        "no event of the current deal is left to undo (a settled deal is final once the "
        "next one starts)"
    ),
}
