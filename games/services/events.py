"""Logging events at a table: load, decide, save (the write side's unit of work,
`games.sitting`), all or nothing; the response, and the answer stored for a keyed request,
built here."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clubs.models import Club
from eventlog import canonical_json
from games.services.context import RequestContext
from games.sitting import (
    POSTGRES,
    Command,
    EventRejected,
    IdempotencyKeyReused,
    Loaded,
    NewAnswer,
    RowMoved,
    Save,
    StaleVersion,
    Tables,
    command_json,
    decide,
)
from table_stream import stream_name


@dataclass(frozen=True, slots=True)
class AppendOutcome:
    status_code: int
    body: dict[str, Any]
    content: str  # `body` as JSON text: what is sent, and sent again on an idempotent retry
    replayed: bool = False
    # The position in the club's log of the first event appended (None on a replay): where
    # the response's `Location` points, known without reading the log again.
    first_position: int | None = None


def table_events_append(
    *,
    table_id: uuid.UUID,
    club: Club,
    expected_version: int,
    commands: Sequence[Command],
    idempotency_key: str | None = None,
    context: RequestContext | None = None,
    with_state: bool = True,
    tables: Tables | None = None,
) -> AppendOutcome:
    """Log `commands` (`games.sitting.commands_parse` reads them from the posted JSON) at
    the table, which must be at `expected_version`.

    Raises `TableNotFound`, `StaleVersion`, `EventRejected` (with the command's index) or
    `IdempotencyKeyReused`; nothing is written then. A retry with the same key and
    commands returns the first outcome. Without `with_state` the body leaves the table's
    `state` out (`Prefer: return=minimal`). `tables` is the store (PostgreSQL unless given:
    the fast tests pass `MemoryTables`).
    """
    tables = tables or POSTGRES
    metadata = (context or RequestContext()).metadata()
    request_hash = None
    if idempotency_key is not None:
        request_hash = _request_hash(expected_version, commands)
        # A record for the audit; the mechanism is the stored answer.
        metadata["idempotency_key"] = f"{stream_name(table_id)}:{idempotency_key}"
    ask = _Ask(expected_version, commands, idempotency_key, request_hash, metadata, with_state)
    # First on what this process kept of the table, when it is at the version expected (no
    # statement before the save); then, should the table have moved since or the commands be
    # refused there, on the table read from the database, which has the final say. A table
    # moved between that read and the save is read once more: its new version (or the
    # answer stored for the key) is the answer.
    loaded = tables.load(table_id, club.pk, version=expected_version, key=idempotency_key)
    for _ in range(READS):
        try:
            return _decide_save(tables, loaded, ask)
        except (RowMoved, EventRejected) as stopped:
            if isinstance(stopped, EventRejected) and loaded.fresh:
                raise
            loaded = tables.load(table_id, club.pk, key=idempotency_key)
    return _decide_save(tables, loaded, ask)


#: How often a save may find its table moved before the last read answers for it.
READS = 2


@dataclass(frozen=True, slots=True)
class _Ask:
    """What a request asks, as `_decide_save` needs it."""

    expected_version: int
    commands: Sequence[Command]
    key: str | None
    request_hash: str | None
    metadata: Mapping[str, Any]
    with_state: bool


def _decide_save(tables: Tables, loaded: Loaded, ask: _Ask) -> AppendOutcome:
    earlier = loaded.answer
    if earlier is not None:
        # Stored by this very request, or by another under the same key.
        if earlier.request_hash != ask.request_hash:
            raise IdempotencyKeyReused(ask.key or "")
        body = json.loads(earlier.response)
        return AppendOutcome(earlier.status_code, body, earlier.response, replayed=True)
    if loaded.version != ask.expected_version:
        raise StaleVersion(ask.expected_version, loaded.version)
    table = loaded.table
    decision = decide(loaded.fold, table.variant, ask.commands)
    body: dict[str, Any] = {
        "table_id": str(table.id),
        "version": loaded.fold.version,
        "rulings": decision.rulings,
        "undone": decision.undone,
    }
    if ask.with_state:
        body["state"] = {"table_id": str(table.id), **loaded.fold.view()}
    content = response_json(body)
    answer = None
    if ask.key is not None and ask.request_hash is not None:
        answer = NewAnswer(ask.key, ask.request_hash, content)
    result = tables.save(Save.of(loaded, decision.events, metadata=ask.metadata, answer=answer))
    return AppendOutcome(201, body, content, first_position=result.first_position)


def response_json(body: Mapping[str, Any]) -> str:
    """JSON text as the API renders it (compact, UTF-8, keys in the order built)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _request_hash(expected_version: int, commands: Sequence[Command]) -> str:
    events = [command_json(command) for command in commands]
    body = canonical_json({"expected_version": expected_version, "events": events})
    return hashlib.sha256(body.encode()).hexdigest()
