"""Table -> club, learned from each table's ``TableCreated`` (version 1 of its stream).

Kept in ``WebhookTableClub`` and in a per-process cache: a table never changes club."""

from __future__ import annotations

import uuid

from games.eventstore import RecordedEvent, read_stream
from games.table import TABLE_CREATED, table_id_of
from webhooks.models import WebhookTableClub

_cache: dict[uuid.UUID, uuid.UUID | None] = {}
_CACHE_LIMIT = 50_000


def _parse(value: object) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def remember(event: RecordedEvent) -> None:
    """Learn a table's club from its ``TableCreated`` as a scan passes it (no query)."""
    table_id = table_id_of(event.stream)
    if table_id is not None and table_id not in _cache:
        _cache[table_id] = _parse(event.data.get("club_id"))


def table_club(*, event: RecordedEvent) -> tuple[uuid.UUID, uuid.UUID] | None:
    """``(table_id, club_id)`` of a table-stream event, or None for a stream that is not a
    table made by ``TableCreated`` (such events are never delivered)."""
    table_id = table_id_of(event.stream)
    if table_id is None:
        return None
    if table_id not in _cache:
        _cache[table_id] = _lookup(table_id, event)
        if len(_cache) > _CACHE_LIMIT:
            _cache.clear()
    club_id = _cache[table_id]
    return (table_id, club_id) if club_id is not None else None


def _lookup(table_id: uuid.UUID, event: RecordedEvent) -> uuid.UUID | None:
    known = WebhookTableClub.objects.filter(table_id=table_id).values_list("club_id", flat=True)
    for club_id in known:
        return club_id
    first = event if event.version == 1 else None
    if first is None:
        first = next(iter(read_stream(stream=event.stream, limit=1)), None)
    if first is None or first.type != TABLE_CREATED:
        return None
    club_id = _parse(first.data.get("club_id"))
    if club_id is not None:
        WebhookTableClub.objects.bulk_create(
            [WebhookTableClub(table_id=table_id, club_id=club_id)], ignore_conflicts=True
        )
    return club_id
