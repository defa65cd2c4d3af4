"""`GET /api/v1/tables/{id}/stream`: the table's events as Server-Sent Events (served by
the ASGI app; `live.api.views.TableStreamApi` documents it in the OpenAPI schema).

Authorised like the events list (any key of the club; another club's table is a 404).
Each event is `id: <version>` and `data: <the event as the events list has it, without
undone_by>`; a client that reconnects with `Last-Event-ID: V` (or opens with `?after=V`)
gets exactly the events after version V, in order, then the new ones as they commit.
Without either it gets only the new ones. The key is checked again before each batch: a
revoked key's stream ends.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

from django.http import HttpRequest, HttpResponse

from api_common.guard import error_response, invalid_field
from clubs.api.authentication import api_key_for
from eventlog import read_stream
from games.api.serializers import EventOutputSerializer
from games.selectors import table_get
from live import sse
from live.hub import hub, off_loop
from live.selectors import table_versions

BATCH = 500


def _key(request: HttpRequest) -> Any:
    header = request.headers.get("Authorization", "").split()
    if len(header) != 2 or header[0].lower() != "bearer":
        return None
    key = api_key_for(header[1])
    return key if key is not None and key.is_active and key.has_role("auditor") else None


def _table(key: Any, table_id: uuid.UUID) -> Any:
    return table_get(club=key.club, table_id=table_id)


def events_after(request: HttpRequest, table: Any, after: int) -> list[str] | None:
    """The next batch of events after version `after`, as SSE events (None: the key is
    no longer good)."""
    if _key(request) is None:
        return None
    events = read_stream(stream=table.stream, club=table.club_id, after_version=after, limit=BATCH)
    rendered = EventOutputSerializer(events, many=True).data
    return [
        f"id: {event.version}\ndata: {json.dumps(item, separators=(',', ':'))}\n\n"
        for event, item in zip(events, rendered, strict=True)
    ]


async def _stream(request: HttpRequest, table: Any, after: int) -> AsyncIterator[str]:
    """The events after `after`; the table's watch taken when the response starts and
    released however it ends (`sse.followed` says why there)."""
    key = str(table.id)
    watch = await hub.watch(key)
    read = off_loop(events_after)
    try:
        yield f"retry: {sse.RETRY_MS}\n\n"
        while True:
            if watch.version > after:
                batch = await read(request, table, after)
                if batch is None:
                    yield "event: ended\ndata: the API key is no longer valid\n\n"
                    return
                for item in batch:
                    yield item
                if batch:
                    after = int(batch[-1].split("\n", 1)[0][4:])
                    continue
                after = watch.version  # nothing there yet: a version not committed yet
            before = watch.version
            await sse.changed(watch, None, sse.HEARTBEAT_SECONDS)
            if watch.version == before:
                yield ": keep-alive\n\n"
    finally:
        hub.release(key)


async def table_stream_api(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    if request.method != "GET":
        response = error_response(405)
        response["Allow"] = "GET"
        return response
    key = await off_loop(_key)(request)
    if key is None:
        response = error_response(401, "not_authenticated", "a valid API key is needed")
        response["WWW-Authenticate"] = "Bearer"
        return response
    table = await off_loop(_table)(key, table_id)
    if table is None:
        return error_response(404, "not_found", "no such table")
    problem = sse.version_problem(request, "after")
    if problem is not None:
        return invalid_field(*problem)
    after = sse.last_seen(request, query="after")
    if after is None:
        versions = await off_loop(table_versions)([str(table.id)])
        after = versions.get(str(table.id), 0)
    return sse.event_stream(_stream(request, table, after))
