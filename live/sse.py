"""Server-Sent Events: the response, and the stream of a table's versions that the app's
pages follow (each event's id is the table's version, so a reconnecting browser's
`Last-Event-ID` says exactly where it was)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from django.http import HttpRequest, StreamingHttpResponse
from django.utils.translation import gettext

from live.hub import Link, Watch

#: A comment line this often keeps proxies and browsers from timing an idle stream out.
HEARTBEAT_SECONDS = 15.0
#: How long a browser waits before reconnecting (ms), told once at the start.
RETRY_MS = 1000


def last_seen(request: HttpRequest, query: str = "v") -> int | None:
    """The version the client has: `Last-Event-ID` (a reconnecting EventSource sends it),
    else `?<query>=` (the version a page was rendered at); None when neither says."""
    for raw in (request.headers.get("Last-Event-ID"), request.GET.get(query)):
        if raw is not None and raw.strip().isdigit() and len(raw.strip()) < 12:
            return int(raw.strip())
    return None


def query_version_problem(request: HttpRequest, query: str) -> str | None:
    """Why `?<query>=` is not a version, or None. An API client that sent `?after=abc`
    asked for something; taking it for "from now on" would drop the events it wanted.
    (A browser's `Last-Event-ID` is the server's own id, and the app's `?v=` is the page's:
    neither is a client's mistake to name.)"""
    raw = request.GET.get(query)
    if raw is None or (raw.strip().isdigit() and len(raw.strip()) < 12):
        return None
    return gettext("must be a table's version: a whole number from 0")


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


async def versions(
    watch: Watch,
    last: int | None,
    *,
    link: Link | None,
    done: Callable[[], None],
    invitation: str | None = None,
) -> AsyncIterator[str]:
    """`hello` at once (a page that never hears it is behind a buffering proxy and falls
    back to polling), then one event per version the client has not seen, an `invite`
    event when the table's newest players' link is another than the page's `invitation`
    (the display shows it), then `ended` if the viewer link ends. `done` releases the
    watch, however the stream ends."""
    try:
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
    finally:
        with contextlib.suppress(Exception):
            done()
