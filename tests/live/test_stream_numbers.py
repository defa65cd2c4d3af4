"""The live streams and the numbers a client sends them (issue 40, item 3).

`Last-Event-ID: ²` (the byte 0xB2, which an ASGI server reads as latin-1 `²`) and
`?after=%C2%B2` passed `isdigit()` and failed `int()`: a 500 (the API's stream answered an
HTML page), and on the viewer's stream the hub's watch of the table was taken before and
never released. Now: the API refuses both with its 400 naming the field, the app's streams
take them for "from now on", and a watch is released however a stream ends."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from asgiref.testing import ApplicationCommunicator

from live.hub import hub
from live.services import viewer_create
from tests.live.helpers import live_table
from tests.live.server import AsgiServer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("headers", "query", "field"),
    [
        ({"Last-Event-ID": b"\xb2"}, "", "Last-Event-ID"),
        ({"Last-Event-ID": "\u0661".encode()}, "", "Last-Event-ID"),
        ({"Last-Event-ID": b"1_0"}, "?after=0", "Last-Event-ID"),
        ({}, "?after=%C2%B2", "after"),
        ({}, "?after=%D9%A1", "after"),
    ],
)
def test_the_api_stream_refuses_a_version_that_is_not_one_in_its_envelope(
    live_app: AsgiServer, headers: dict[str, bytes], query: str, field: str
) -> None:
    table = live_table()
    answer = httpx.get(
        f"{live_app.url}/api/v1/tables/{table.id}/stream{query}",
        headers={"Authorization": f"Bearer {table.auditor}", **headers},
        timeout=10,
    )
    assert answer.status_code == 400, answer.text[:300]
    assert answer.headers["content-type"].startswith("application/json")
    error = answer.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", field)


def _scope(path: str, headers: list[tuple[bytes, bytes]], query: bytes = b"") -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }


async def _open_then_leave(scope: dict[str, Any], table_id: str) -> tuple[int, bytes, int]:
    """Open the stream in this process, read its first chunk, count the table's watchers,
    then hang up; the status, the first chunk and the watchers while it was open."""
    from bourre_site.asgi import application

    talk = ApplicationCommunicator(application, scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(timeout=20)
    first = await talk.receive_output(timeout=20)
    watching = hub.tables[table_id].watchers if table_id in hub.tables else 0
    await talk.send_input({"type": "http.disconnect"})
    with contextlib.suppress(TimeoutError):
        await talk.wait(timeout=5)
    await asyncio.sleep(0.1)
    return start["status"], first.get("body", b""), watching


def _run(scope: dict[str, Any], table_id: str) -> tuple[int, bytes, int]:
    """On a thread of its own: an event loop may run on this one already (Playwright's,
    after a browser test in the same process)."""
    try:
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, _open_then_leave(scope, table_id)).result()
    finally:
        gc.collect()  # the executor threads' database connections, closed with them


@pytest.mark.parametrize(
    ("header", "query"),
    [(b"\xb2", b""), (b"", b"v=%C2%B2"), (b"7", b"")],
)
def test_the_viewer_stream_takes_an_odd_version_for_now_and_releases_its_watch(
    header: bytes, query: bytes
) -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    headers = [(b"last-event-id", header)] if header else []
    scope = _scope(f"/live/v/{viewer.token}", headers, query)
    status, first, watching = _run(scope, table.id)
    assert status == 200, first[:300]
    assert b"event: hello" in first
    assert watching == 1
    # However it ended, nothing of it is left in the hub.
    assert table.id not in hub.tables
    assert str(viewer.id) not in hub.links


def test_a_stream_refused_before_it_starts_takes_no_watch() -> None:
    """A stream the API refuses (400) never held the table's watch."""
    table = live_table()
    scope = _scope(
        f"/api/v1/tables/{table.id}/stream",
        [(b"authorization", f"Bearer {table.auditor}".encode()), (b"last-event-id", b"\xb2")],
    )
    status, first, watching = _run(scope, table.id)
    assert status == 400, first[:300]
    assert watching == 0
    assert table.id not in hub.tables
