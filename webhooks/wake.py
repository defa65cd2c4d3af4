"""The inline hook: after a transaction that appended deliverable events commits, wake the
sweep. The beat sweep runs anyway, so a lost wake only delays delivery."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import transaction

from games.eventstore import RecordedEvent
from webhooks.kinds import webhook_kind

logger = logging.getLogger(__name__)


def _enqueue_sweep() -> None:
    from webhooks.tasks import sweep_enqueue

    try:
        sweep_enqueue()
    except Exception:
        logger.warning("webhooks: could not enqueue the sweep; beat will pick it up", exc_info=True)


def webhooks_wake(events: Sequence[RecordedEvent]) -> None:
    """Schedule one sweep per transaction, on commit (never for a rolled-back append)."""
    if not any(webhook_kind(event) for event in events):
        return
    connection = transaction.get_connection()
    # Django keeps (savepoint ids, callback, robust) per pending callback.
    if any(entry[1] is _enqueue_sweep for entry in connection.run_on_commit):
        return
    transaction.on_commit(_enqueue_sweep)
