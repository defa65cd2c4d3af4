"""`GET /api/v1/tables/{id}/stream` on the real ASGI server: Last-Event-ID resume gives
exactly the events after it, in order, then the new ones as they commit; authorised like
the events list; resumed across a restart of the server without losing an event."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from eventlog import read_stream
from tests.clubs.helpers import client_for
from tests.live.helpers import DEAL, DECLARATIONS, live_table
from tests.live.server import AsgiServer
from tests.live.sse import read_events

pytestmark = pytest.mark.django_db(transaction=True)


def _stream(server: AsgiServer, table_id: str) -> str:
    return f"{server.url}/api/v1/tables/{table_id}/stream"


def _versions(events: list[dict[str, str]]) -> list[int]:
    return [int(e["id"]) for e in events if "id" in e]


def test_last_event_id_resumes_with_exactly_the_events_after_it(live_app: AsgiServer) -> None:
    table = live_table()
    last = table.log(DEAL, *DECLARATIONS[:2])
    events = read_events(
        _stream(live_app, table.id),
        headers={"Authorization": f"Bearer {table.auditor}", "Last-Event-ID": "2"},
        until=lambda got: len(got) >= last - 2,
    )
    assert _versions(events) == list(range(3, last + 1))
    logged = read_stream(stream=table.table.stream, club=table.club.id, after_version=2)
    for event, recorded in zip(events, logged, strict=True):
        body = json.loads(event["data"])
        assert (body["version"], body["type"], body["position"], body["hash"]) == (
            recorded.version,
            recorded.type,
            recorded.position,
            recorded.hash,
        )
        assert body["data"] == recorded.data


def test_new_events_arrive_within_a_second_in_order(live_app: AsgiServer) -> None:
    table = live_table()
    start = table.log(DEAL)
    logged_at: dict[int, float] = {}

    def log_while_connected() -> None:
        def play() -> None:
            time.sleep(0.3)
            for declaration in DECLARATIONS:
                version = table.log(declaration)
                logged_at[version] = time.monotonic()

        threading.Thread(target=play, daemon=True).start()

    arrived: dict[int, float] = {}

    def until(got: list[dict[str, str]]) -> bool:
        arrived.setdefault(int(got[-1]["id"]), time.monotonic())
        return len(got) >= 4 + 2  # four declarations, and the rulings they cause

    events = read_events(
        _stream(live_app, table.id),
        headers={"Authorization": f"Bearer {table.scorekeeper}"},
        until=until,
        on_open=log_while_connected,
        quiet=3,
    )
    versions = _versions(events)
    assert versions == list(range(start + 1, start + 1 + len(versions)))  # no gap, in order
    assert versions[-1] >= max(logged_at)
    for version, at in logged_at.items():
        assert arrived[version] - at < 1.0, f"version {version} arrived late"


def test_a_stream_is_authorised_like_the_events_list(live_app: AsgiServer) -> None:
    table = live_table()
    other = live_table("Another club's")
    url = _stream(live_app, table.id)
    assert httpx.get(url).status_code == 401
    assert httpx.get(url, headers={"Authorization": "Bearer bk_nope"}).status_code == 401
    refused = httpx.get(url, headers={"Authorization": f"Bearer {other.admin}"})
    assert refused.status_code == 404
    assert refused.json()["error"]["code"] == "not_found"


def test_an_after_that_is_not_a_version_is_refused_naming_it(live_app: AsgiServer) -> None:
    """Read as "from now on", `?after=abc` would have dropped the events the client asked
    for; both apps name the field instead."""
    table = live_table()
    headers = {"Authorization": f"Bearer {table.auditor}"}
    for after in ("abc", "-1", "1.5"):
        refused = httpx.get(
            _stream(live_app, table.id) + f"?after={after}",
            headers={**headers, "Origin": "https://tablet.club.example"},
        )
        assert refused.status_code == 400, after
        # The ASGI app answers CORS as the WSGI one does: a browser app can read why.
        assert refused.headers["access-control-allow-origin"] == "*"
        error = refused.json()["error"]
        assert (error["code"], error["field"], list(error["fields"])) == (
            "invalid_request",
            "after",
            ["after"],
        )
        wsgi = client_for(table.auditor).get(f"/api/v1/tables/{table.id}/stream?after={after}")
        assert wsgi.status_code == 400, after
        assert wsgi.json()["error"]["field"] == "after"


def test_a_last_event_id_that_is_not_a_version_is_refused_naming_it(
    live_app: AsgiServer,
) -> None:
    """`Last-Event-ID: abc` replayed nothing with 200 (read as "from now on"); it is checked
    as `?after=` is, by the same helper (api_common.versions), on both apps."""
    table = live_table()
    headers = {"Authorization": f"Bearer {table.auditor}"}
    for seen in ("abc", "-1", "1.5", "²"):
        refused = httpx.get(
            _stream(live_app, table.id), headers={**headers, "Last-Event-ID": seen.encode()}
        )
        assert refused.status_code == 400, seen
        error = refused.json()["error"]
        assert (error["code"], error["field"]) == ("invalid_request", "Last-Event-ID"), seen
        # The ASGI app's answers carry the request id too (bourre_site/asgi.py).
        assert error["request_id"] == refused.headers["X-Request-ID"]
        wsgi = client_for(table.auditor).get(
            f"/api/v1/tables/{table.id}/stream", HTTP_LAST_EVENT_ID=seen
        )
        assert wsgi.status_code == 400, seen
        assert wsgi.json()["error"]["field"] == "Last-Event-ID"


def test_the_stream_resumes_after_the_server_restarts(live_app: AsgiServer) -> None:
    table = live_table()
    headers = {"Authorization": f"Bearer {table.auditor}"}
    first = read_events(
        _stream(live_app, table.id) + "?after=0", headers=headers, until=lambda g: len(g) >= 1
    )
    seen = _versions(first)[-1]
    live_app.stop()
    last = table.log(DEAL, *DECLARATIONS)  # logged while the stream server is down
    live_app.start()
    resumed = read_events(
        _stream(live_app, table.id),
        headers={**headers, "Last-Event-ID": str(seen)},
        until=lambda got: int(got[-1]["id"]) >= last,
        quiet=5,  # a server just started, on a loaded machine
    )
    assert _versions(resumed) == list(range(seen + 1, last + 1))


def test_the_wsgi_app_answers_the_same_events_at_once(live_app: AsgiServer) -> None:
    """Without nginx in front (gunicorn alone), the URL answers what is there and closes:
    an EventSource then polls it every second."""
    table = live_table()
    last = table.log(DEAL)
    response = client_for(table.auditor).get(
        f"/api/v1/tables/{table.id}/stream", HTTP_LAST_EVENT_ID="1"
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    ids = [int(line[4:]) for line in response.content.decode().splitlines() if line[:4] == "id: "]
    assert ids == list(range(2, last + 1))
