"""Server-Sent Events: the response, and the stream of a table's versions that the app's
pages follow (each event's id is the table's version, so a reconnecting browser's
`Last-Event-ID` says exactly where it was)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from django.http import HttpRequest, StreamingHttpResponse
from django.utils.translation import gettext

from api_common.versions import version_of
from live.hub import Link, Watch

#: A comment line this often keeps proxies and browsers from timing an idle stream out.
HEARTBEAT_SECONDS = 15.0
#: How long a browser waits before reconnecting (ms), told once at the start.
RETRY_MS = 1000


def last_seen(request: HttpRequest, query: str = "v") -> int | None:
    """The version the client has: `Last-Event-ID` (a reconnecting EventSource sends it),
    else `?<query>=` (the version a page was rendered at); None when neither says."""
    for raw in (request.headers.get("Last-Event-ID"), request.GET.get(query)):
        version = version_of(raw)
        if version is not None:
            return version
    return None


def query_version_problem(request: HttpRequest, query: str) -> str | None:
    """Why `?<query>=` is not a version, or None. An API client that sent `?after=abc`
    asked for something; taking it for "from now on" would drop the events it wanted.
    (The app's `?v=` is the page's own: not a client's mistake to name.)"""
    raw = request.GET.get(query)
    if raw is None or version_of(raw) is not None:
        return None
    return gettext("must be a table's version: a whole number from 0")


def header_version_problem(request: HttpRequest) -> str | None:
    """Why `Last-Event-ID` is not a version, or None: on the API's stream a client's
    `Last-Event-ID: abc` (or `-1`) is a 400 as `?after=abc` is, not a stream from now on
    that would miss what it asked for. (A browser's EventSource sends back the server's
    own id, which is always a version.)"""
    raw = request.headers.get("Last-Event-ID")
    if raw is None or version_of(raw) is not None:
        return None
    return gettext("must be a table's version: a whole number from 0")


def stream_start_problem(request: HttpRequest, query: str) -> tuple[str, str] | None:
    """The field and why, when the API stream's `Last-Event-ID` or `?<query>=` is not a
    version; None when both are good (or absent)."""
    problem = header_version_problem(request)
    if problem is not None:
        return "Last-Event-ID", problem
    problem = query_version_problem(request, query)
    return None if problem is None else (query, problem)


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


async def versions(
    watch: Watch, last: int | None, *, link: Link | None, done: Callable[[], None]
) -> AsyncIterator[str]:
    """`hello` at once (a page that never hears it is behind a buffering proxy and falls
    back to polling), then one event per version the client has not seen, then `ended`
    if the viewer link ends. `done` releases the watch, however the stream ends."""
    try:
        yield f"retry: {RETRY_MS}\nevent: hello\ndata: {watch.version}\n\n"
        seen = watch.version if last is None else last
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
            before = watch.version
            await changed(watch, link, HEARTBEAT_SECONDS)
            if watch.version == before and not (link is not None and link.ended.is_set()):
                yield ": keep-alive\n\n"
    finally:
        with contextlib.suppress(Exception):
            done()
