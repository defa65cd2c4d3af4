"""Waking the projectors after a commit: an inline hook asks for one catch-up task.

`games` runs inline projectors inside the append's transaction; this one only asks the
shared background waker (`games.projections.wakeup`) for a catch-up once the
transaction commits: at most once per transaction, never for a rolled-back append,
and without the request waiting on the broker.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.eventstore import RecordedEvent
from games.projections.wakeup import wake_after_commit

WAKE_KIND = "projectors-catch-up"


def _enqueue_catch_up() -> None:
    from projectors.tasks import projectors_catch_up

    projectors_catch_up.delay()


def projectors_wake(events: Sequence[RecordedEvent]) -> None:
    wake_after_commit(WAKE_KIND, _enqueue_catch_up)
