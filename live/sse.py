"""Server-Sent Events: the response, and the stream of a table's versions that the app's
pages follow (each event's id is the table's version, so a reconnecting browser's
`Last-Event-ID` says exactly where it was)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from django.http import HttpRequest, StreamingHttpResponse
from django.utils.translation import gettext

from api_common.versions import version_of
from live.hub import Link, Watch, hub

#: A comment line this often keeps proxies and browsers from timing an idle stream out.
HEARTBEAT_SECONDS = 15.0
#: How long a browser waits before reconnecting (ms), told once at the start.
RETRY_MS = 1000


LAST_EVENT_ID = "Last-Event-ID"


def last_seen(request: HttpRequest, query: str = "v") -> int | None:
    """The version the client has: `Last-Event-ID` (a reconnecting EventSource sends it),
    else `?<query>=` (the version a page was rendered at); None when neither says (the
    app's streams take anything else for "from now on": `version_problem` is the API's)."""
    for raw in (request.headers.get(LAST_EVENT_ID), request.GET.get(query)):
        version = version_of(raw)
        if version is not None:
            return version
    return None


def version_problem(request: HttpRequest, query: str) -> tuple[str, str] | None:
    """The field (`Last-Event-ID` or `query`) that is there but not a version, with why, or
    None. An API client that sent `?after=abc` or `Last-Event-ID: ²` asked for something;
    taking it for "from now on" would drop the events it wanted. (An empty `Last-Event-ID`
    is none: an EventSource whose last id was empty sends that.) The app's `?v=` is the
    page's own and a browser's `Last-Event-ID` the server's: not checked there."""
    header = request.headers.get(LAST_EVENT_ID)
    for field, raw in ((LAST_EVENT_ID, header or None), (query, request.GET.get(query))):
        if raw is not None and version_of(raw) is None:
            return field, gettext("must be a table's version: a whole number from 0")
    return None


def event_stream(body: AsyncIterator[str]) -> StreamingHttpResponse:
    response = StreamingHttpResponse(body, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-transform"
    # nginx passes the stream through unbuffered (the location also says so).
    response["X-Accel-Buffering"] = "no"
    return response


async def changed(watch: Watch, link: Link | None, timeout: float) -> None:
    """Wait until the table moves, the link ends or `timeout` passes."""
    waits = [asyncio.ensure_future(watch.moved.wait())]
    if link is not None:
        waits.append(asyncio.ensure_future(link.ended.wait()))
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


def invitation_seen(request: HttpRequest) -> str | None:
    """The invitation (`live.selectors.table_invitations`) the page shows, `?i=`."""
    raw = request.GET.get("i")
    return raw[:32] if raw else None


async def followed(
    table_id: str, last: int | None, *, access: str | None, invitation: str | None = None
) -> AsyncIterator[str]:
    """The table's versions (`versions`), its watch taken when the response starts and
    released however it ends: read to the end, the client gone, an error. (Taken in the
    view instead, a request that failed or was dropped before its body started kept it.)
    `access` names what lets the client read on (a viewer link, a member: `live.hub`):
    the stream says `ended` when that ends."""
    watch = await hub.watch(table_id)
    link = hub.link(access) if access is not None else None
    try:
        async for chunk in versions(watch, last, link=link, invitation=invitation):
            yield chunk
    finally:
        hub.release(table_id)
        if access is not None:
            hub.unlink(access)


async def versions(
    watch: Watch, last: int | None, *, link: Link | None, invitation: str | None = None
) -> AsyncIterator[str]:
    """`hello` at once (a page that never hears it is behind a buffering proxy and falls
    back to polling), then one event per version the client has not seen, an `invite`
    event when the table's newest players' link is another than the page's `invitation`
    (the display shows it), then `ended` if the viewer link (or the member's access)
    ends."""
    yield f"retry: {RETRY_MS}\nevent: hello\ndata: {watch.version}\n\n"
    seen = watch.version if last is None else last
    invited = watch.invitation if invitation is None else invitation
    while True:
        if link is not None and link.ended.is_set():
            yield "event: ended\ndata: ended\n\n"
            return
        if watch.version != seen:
            # Newer, or older after an undo of the log (a restored database): either
            # way the page re-reads the table.
            seen = watch.version
            yield f"id: {seen}\ndata: {seen}\n\n"
            continue
        if watch.invitation != invited:
            invited = watch.invitation
            yield f"event: invite\ndata: {invited}\n\n"
            continue
        before = (watch.version, watch.invitation)
        await changed(watch, link, HEARTBEAT_SECONDS)
        still = (watch.version, watch.invitation) == before
        if still and not (link is not None and link.ended.is_set()):
            yield ": keep-alive\n\n"
