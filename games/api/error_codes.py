"""The games API's part of the error catalogue: the codes the table's write side and the
engine own, each with the HTTP status the API answers it with. `games.apps` registers them
in the API's catalogue (`api_common.error_codes`); this module only catalogues them."""

from __future__ import annotations

from api_common.error_codes import ErrorCode
from games.engine.refusals import REFUSAL_CODES
from games.sitting.errors import WRITE_REFUSAL_CODES, StaleVersion

#: Refusals that are about the table, not the event: 409 (the event may be fine elsewhere).
CONFLICT_CODES = frozenset({"table_closed", StaleVersion.code})


def games_error_codes() -> tuple[ErrorCode, ...]:
    """The write side's codes, then the engine's, in the order they are listed there."""
    return (
        *(
            ErrorCode(code, 409 if code in CONFLICT_CODES else 422, meaning)
            for code, meaning in (*WRITE_REFUSAL_CODES.items(), *REFUSAL_CODES.items())
        ),
        # Only in a failed import job's `error` (games/services/imports.py), never a status.
        ErrorCode(
            "import_failed",
            503,
            "an import job failed for want of the database or its worker, not for the "
            "transcript: post it again",
        ),
    )
