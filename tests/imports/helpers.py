"""An import that fails midway, the way the tests of issue 25 inject it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import OperationalError

import games.services.events as events_module

DROPPED_COMMIT = "server closed the connection unexpectedly"


def failing_append(
    call: int = 3, *, before: Callable[[dict[str, Any]], None] | None = None
) -> Callable[..., Any]:
    """`table_events_append` (the real one, as it is when called) that, at its `call`-th
    call, appends and then fails, as a commit the database drops would: the chunks before
    stay in the log. `before` sees each call's arguments first (what clients could see)."""
    real = events_module.table_events_append
    calls = 0

    def append(**kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if before is not None:
            before(kwargs)
        outcome = real(**kwargs)
        if calls == call:
            raise OperationalError(DROPPED_COMMIT)
        return outcome

    return append
