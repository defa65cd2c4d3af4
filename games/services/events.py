"""Logging events at a table: fold them through the engine, append them with the rulings
they produced, project inline, all in one transaction (all or nothing)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from clubs.models import Club
from games.engine import Sitting, table_view
from games.eventstore import VersionConflict, append, canonical_json
from games.models import Table, TableRequest
from games.projections.registry import project_inline
from games.projections.table_state_store import (
    Earlier,
    RequestRecord,
    fold_load,
    fold_save,
    row_locked,
)
from games.services.context import RequestContext
from games.services.decide import decide
from games.services.errors import IdempotencyKeyReused, StaleVersion, TableNotFound


@dataclass(frozen=True, slots=True)
class AppendOutcome:
    status_code: int
    body: dict[str, Any]
    content: str  # `body` as JSON text: what is sent, and sent again on an idempotent retry
    replayed: bool = False
    # The position in the club's log of the first event appended (None on a replay): where
    # the response's `Location` points, known without reading the log again.
    first_position: int | None = None


def response_json(body: Mapping[str, Any]) -> str:
    """JSON text as the API renders it (compact, UTF-8, keys in the order built)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def table_events_append(
    *,
    table_id: uuid.UUID,
    club: Club,
    expected_version: int,
    events: Sequence[Any],
    idempotency_key: str | None = None,
    context: RequestContext | None = None,
    with_state: bool = True,
) -> AppendOutcome:
    """Append posted events (`{"deal": ...}`, a transcript action, `{"undo": ...}`, or
    between deals `{"join": ...}`, `{"leave": ...}`, `{"close": {}}`).

    Raises `TableNotFound`, `StaleVersion`, `EventRejected` (with the event's index) or
    `IdempotencyKeyReused`; a retry with the same key and body returns the first outcome.
    Without `with_state` the body leaves the table's `state` out (`Prefer: return=minimal`).
    """
    context = context or RequestContext()
    with transaction.atomic():
        # One idempotency mechanism, the service's `TableRequest` (not the store's key): an
        # idempotent retry must return the bytes first sent, and only the service has them
        # (the store's key could only say "already appended"). Its hash is of the posted
        # body as the client sent it, so a retry is known before anything is parsed. The
        # table's row lock orders two requests with one key; the earlier answer is read
        # with that row, in the same statement.
        locked = row_locked(table_id, club.pk, idempotency_key)
        if locked is None:
            raise TableNotFound(str(table_id))
        row, earlier = locked
        if idempotency_key is not None:
            request_hash = _request_hash(expected_version, events)
            if earlier is None and row.version != expected_version:
                earlier = _earlier_now(table_id, idempotency_key)
            if earlier is not None:
                if earlier.request_hash != request_hash:
                    raise IdempotencyKeyReused(idempotency_key)
                return AppendOutcome(
                    earlier.status_code,
                    json.loads(earlier.response),
                    earlier.response,
                    replayed=True,
                )
        if row.version != expected_version:
            raise StaleVersion(expected_version, row.version)

        fold = fold_load(row)
        settled_before = len(fold.state.deals)
        decision = decide(fold, row.table, events)
        body = {
            "table_id": str(table_id),
            "version": fold.version,
            "rulings": decision.rulings,
            "undone": decision.undone,
        }
        if with_state:
            body["state"] = state_body(row.table, fold.state, fold.version)
        content = response_json(body)
        # The row is written before the append: the append holds the club's lock until
        # commit, so the less that follows it, the less the club's other tables wait. The
        # answer to a keyed request is stored by the row's own statement.
        answer = None
        if idempotency_key is not None:
            answer = RequestRecord(idempotency_key, request_hash, content)
        if not fold_save(row, fold, settled_before=settled_before, request=answer):
            # Stored by a request that committed while this one waited for the row, yet
            # this one expected the version it made: another body (its expected version
            # differs), so the key is reused.
            raise IdempotencyKeyReused(str(idempotency_key))
        metadata = context.metadata()
        if idempotency_key is not None:  # a record for the audit (the mechanism is above)
            metadata["idempotency_key"] = f"{row.table.stream}:{idempotency_key}"
        try:
            result = append(
                stream=row.table.stream,
                club=row.table.club_id,
                expected_version=expected_version,
                events=decision.events,
                metadata=metadata,
                savepoint=False,  # any error abandons this whole transaction anyway
            )
        except VersionConflict as conflict:  # the row lock makes this a backstop only
            raise StaleVersion(expected_version, conflict.current) from conflict
        assert result.last_version == fold.version
        project_inline(result.events)
    return AppendOutcome(201, body, content, first_position=result.first_position)


def _earlier_now(table_id: uuid.UUID, key: str) -> Earlier | None:
    """The answer stored for `key`, read again. The row moved on while this request waited
    for its lock: the lock's statement then returns the row the other transaction
    committed, but its join read `TableRequest` as of before that commit, so an answer that
    transaction stored is read now (a lock wait is the rare case)."""
    earlier = TableRequest.objects.filter(table_id=table_id, key=key).first()
    if earlier is None:
        return None
    return Earlier(earlier.request_hash, earlier.status_code, earlier.response)


def _request_hash(expected_version: int, events: Sequence[Any]) -> str:
    body = canonical_json({"expected_version": expected_version, "events": list(events)})
    return hashlib.sha256(body.encode()).hexdigest()


def state_body(table: Table, state: Sitting, version: int) -> dict[str, Any]:
    return {"table_id": str(table.id), "version": version, **table_view(state)}
