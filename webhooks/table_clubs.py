"""Table -> club, learned from each table's ``TableCreated`` (version 1 of its stream).

Kept in ``WebhookTableClub`` and in a per-process cache: a table never changes club."""

from __future__ import annotations

import uuid

from eventlog import RecordedEvent, read_stream, stream_first_events
from eventlog.subscriptions import RebuildReport
from table_stream import STREAM_PREFIX, TABLE_CREATED, table_id_of
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


def table_clubs_rebuild(*, stream: str | None = None, verify: bool = False) -> RebuildReport:
    """The webhooks' read model rebuilt from the log: the table -> club index, from each
    table's ``TableCreated`` (one table's ``stream``, or every table). A table never
    changes club: the rebuild writes the rows that are missing or differ (and forgets this
    process's cache); with ``verify`` it writes nothing and names the rows that differ.
    Deliveries are never re-sent."""
    firsts = (
        read_stream(stream=stream, limit=1)
        if stream is not None
        else stream_first_events(prefix=STREAM_PREFIX)
    )
    learned: dict[uuid.UUID, uuid.UUID] = {}
    for first in firsts:
        table_id = table_id_of(first.stream)
        club_id = _parse(first.data.get("club_id")) if first.type == TABLE_CREATED else None
        if table_id is not None and club_id is not None:
            learned[table_id] = club_id
    stored = dict(
        WebhookTableClub.objects.filter(table_id__in=list(learned)).values_list(
            "table_id", "club_id"
        )
    )
    # A missing row is no difference: the index is filled as deliveries need it.
    differences = tuple(
        f"table {table_id}: club {stored[table_id]} indexed, the log says club {club_id}"
        for table_id, club_id in learned.items()
        if table_id in stored and stored[table_id] != club_id
    )
    if not verify:
        WebhookTableClub.objects.bulk_create(
            [
                WebhookTableClub(table_id=t, club_id=c)
                for t, c in learned.items()
                if stored.get(t) != c
            ],
            update_conflicts=True,
            unique_fields=["table_id"],
            update_fields=["club_id"],
        )
        _cache.clear()
        differences = ()
    return RebuildReport(
        "webhooks", streams=len(learned), events=len(firsts), differences=differences
    )
