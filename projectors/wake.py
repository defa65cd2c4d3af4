"""Waking the projectors after a commit: an inline hook enqueues one catch-up task.

`games` runs inline projectors inside the append's transaction; this one only registers an
on-commit callback, at most once per transaction however many appends it holds, so a
rolled-back append wakes nobody and a busy transaction enqueues a single task.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from games.eventstore import RecordedEvent


def _enqueue_catch_up() -> None:
    from projectors.tasks import projectors_catch_up

    projectors_catch_up.delay()


def projectors_wake(events: Sequence[RecordedEvent]) -> None:
    connection = transaction.get_connection()
    # Django drops pending callbacks on rollback, so "already pending" is exactly
    # "already asked for in this transaction".
    if connection.in_atomic_block and any(
        item[1] is _enqueue_catch_up for item in connection.run_on_commit
    ):
        return
    transaction.on_commit(_enqueue_catch_up)
