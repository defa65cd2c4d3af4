"""Logging events at a table: the posted events decided and saved by the table's write
side (`games.sitting`), all or nothing, in one transaction."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from typing import Any

from clubs.models import Club
from games.eventstore import canonical_json
from games.services.context import RequestContext
from games.sitting import POSTGRES, AppendOutcome, TableRepository
from games.table import stream_name


def table_events_append(
    *,
    table_id: uuid.UUID,
    club: Club,
    expected_version: int,
    events: Sequence[Any],
    idempotency_key: str | None = None,
    context: RequestContext | None = None,
    with_state: bool = True,
    tables: TableRepository | None = None,
) -> AppendOutcome:
    """Append posted events (`{"deal": ...}`, a transcript action, `{"undo": ...}`, or
    between deals `{"join": ...}`, `{"leave": ...}`, `{"close": {}}`).

    Raises `TableNotFound`, `StaleVersion`, `EventRejected` (with the event's index) or
    `IdempotencyKeyReused`; a retry with the same key and body returns the first outcome.
    Without `with_state` the body leaves the table's `state` out (`Prefer: return=minimal`).
    `tables` is the store (PostgreSQL unless given: the fast tests pass `MemoryTables`).
    """
    metadata = (context or RequestContext()).metadata()
    request_hash = None
    if idempotency_key is not None:
        request_hash = _request_hash(expected_version, events)
        # A record for the audit; the mechanism is the write side's stored answer.
        metadata["idempotency_key"] = f"{stream_name(table_id)}:{idempotency_key}"
    return (tables or POSTGRES).append(
        table_id=table_id,
        club_id=club.pk,
        expected_version=expected_version,
        posted=events,
        metadata=metadata,
        key=idempotency_key,
        request_hash=request_hash,
        with_state=with_state,
    )


def _request_hash(expected_version: int, events: Sequence[Any]) -> str:
    body = canonical_json({"expected_version": expected_version, "events": list(events)})
    return hashlib.sha256(body.encode()).hexdigest()
