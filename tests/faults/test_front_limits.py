"""What one address or one viewer link may hold of the stack `make run` serves, and what
nginx refuses in the API's envelope (issue 40, items 2 and 8).

The hostile pass opened 2,047 `/live/v/<token>` streams from one address, with no account:
they used up nginx's worker connections and `/health/` and `/app/login/` answered 0 of 10.
Now nginx lets at most BOURRE_STREAMS_PER_ADDRESS streams through from one address,
BOURRE_STREAMS_PER_LINK on one link and BOURRE_STREAMS_MAX in all, and its connection
budget is sized from them (scripts/env.sh, scripts/nginx.sh). Streams come from several
loopback addresses (127.0.0.N) to be several clients."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import time
from collections.abc import Iterator

import pytest
import requests

from bench._server import Server
from live.services import viewer_create
from tests.faults.conftest import ROOT
from tests.faults.conftest import test_db_env as stack_env
from tests.live.helpers import live_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

#: The small budget of the stack below: every limit reached with a few dozen sockets.
SMALL = {"BOURRE_STREAMS_MAX": "30", "BOURRE_STREAMS_PER_ADDRESS": "8",
         "BOURRE_STREAMS_PER_LINK": "12"}  # fmt: skip


@pytest.fixture(scope="module")
def small_stack(test_db_name: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    log = tmp_path_factory.mktemp("small") / "serve.log"
    with Server(log, env={**stack_env(test_db_name), **SMALL}) as server:
        yield server


def _open(port: int, path: str, source: str = "127.0.0.1") -> tuple[int, socket.socket]:
    """A stream opened from `source`: its status, and the socket (left open)."""
    client = socket.socket()
    client.bind((source, 0))
    client.settimeout(10)
    client.connect(("127.0.0.1", port))
    client.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n" not in head:
        chunk = client.recv(1024)
        if not chunk:
            break
        head += chunk
    return int(head.split()[1]), client


def _statuses(port: int, paths: list[tuple[str, str]]) -> tuple[list[int], list[socket.socket]]:
    statuses, sockets = [], []
    for path, source in paths:
        status, client = _open(port, path, source)
        statuses.append(status)
        sockets.append(client)
    return statuses, sockets


def _close(sockets: list[socket.socket]) -> None:
    for client in sockets:
        with contextlib.suppress(OSError):
            client.close()
    time.sleep(0.5)  # nginx counts them closed


def _answered(port: int, path: str, times: int = 10) -> int:
    ok = 0
    for _ in range(times):
        with contextlib.suppress(requests.RequestException):
            ok += requests.get(f"http://127.0.0.1:{port}{path}", timeout=5).status_code == 200
    return ok


def test_one_address_holds_a_few_streams_and_the_service_answers_everyone(
    small_stack: Server,
) -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    port = small_stack.port
    statuses, sockets = _statuses(port, [(f"/live/v/{viewer.token}", "127.0.0.1")] * 20)
    try:
        assert statuses == [200] * 8 + [429] * 12
        # The same address's member and API streams count toward its share too.
        status, other = _open(port, f"/api/v1/tables/{table.id}/stream")
        sockets.append(other)
        assert status == 429
        # Another address opens its own.
        status, other = _open(port, f"/live/v/{viewer.token}", "127.0.0.2")
        sockets.append(other)
        assert status == 200
        assert _answered(port, "/health/") == 10
        assert _answered(port, "/app/login/") == 10
    finally:
        _close(sockets)


def test_the_refusal_is_the_apis_envelope_with_a_retry_after(small_stack: Server) -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    _, sockets = _statuses(small_stack.port, [(f"/live/v/{viewer.token}", "127.0.0.3")] * 8)
    try:
        client = socket.socket()
        client.bind(("127.0.0.3", 0))
        client.settimeout(10)
        client.connect(("127.0.0.1", small_stack.port))
        request = (
            f"GET /live/v/{viewer.token} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        client.sendall(request.encode())
        raw = b""
        while chunk := client.recv(65536):
            raw += chunk
        client.close()
    finally:
        _close(sockets)
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 429")
    assert re.search(rb"(?im)^retry-after: 30\r?$", head)
    assert json.loads(body)["error"]["code"] == "too_many_streams"


def test_one_link_holds_a_few_streams_whatever_the_addresses(small_stack: Server) -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    other = viewer_create(club=table.club, table=table.table, created_by="test")
    paths = [(f"/live/v/{viewer.token}", f"127.0.1.{n + 1}") for n in range(16)]
    statuses, sockets = _statuses(small_stack.port, paths)
    try:
        assert statuses == [200] * 12 + [429] * 4
        status, client = _open(small_stack.port, f"/live/v/{other.token}", "127.0.1.1")
        sockets.append(client)
        assert status == 200  # another link of the same table
    finally:
        _close(sockets)


def test_streams_never_take_the_connections_the_pages_need(small_stack: Server) -> None:
    table = live_table()
    links = [viewer_create(club=table.club, table=table.table, created_by="t") for _ in range(5)]
    paths = [(f"/live/v/{links[n % 5].token}", f"127.0.2.{n + 1}") for n in range(40)]
    statuses, sockets = _statuses(small_stack.port, paths)
    try:
        assert statuses.count(200) == 30
        assert statuses.count(429) == 10
        assert _answered(small_stack.port, "/health/") == 10
        assert _answered(small_stack.port, "/app/login/") == 10
    finally:
        _close(sockets)


def test_the_connection_budget_is_sized_from_the_streams(small_stack: Server) -> None:
    text = (ROOT / "var" / "run" / f"nginx-{small_stack.port}" / "nginx.conf").read_text()
    connections = int(re.search(r"worker_connections (\d+);", text)[1])  # type: ignore[index]
    assert connections == 2 * (30 + 1024)  # each stream two, each other client two
    assert "limit_conn streams_per_address 8;" in text
    assert "limit_conn streams_per_link 12;" in text
    assert "limit_conn streams_all 30;" in text


def test_the_default_stack_lets_one_address_hold_32_of_2000_streams(served_stack: Server) -> None:
    """The issue's pass, with the default budget: 300 streams from one address."""
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    statuses, sockets = _statuses(
        served_stack.port, [(f"/live/v/{viewer.token}", "127.0.3.1")] * 300
    )
    try:
        assert statuses.count(200) == 32
        assert _answered(served_stack.port, "/health/") == 10
        assert _answered(served_stack.port, "/app/login/") == 10
    finally:
        _close(sockets)


@pytest.mark.parametrize(
    ("query", "headers", "status", "code"),
    [
        # Through to the API, not gunicorn's HTML 400 (a request line over 4,094 bytes).
        pytest.param("x=" + "a" * 4400, {}, 401, "not_authenticated", id="query-4.4kB"),
        pytest.param("x=" + "a" * 9000, {}, 414, "uri_too_long", id="query-9kB"),
        pytest.param("", {"X-Big": "a" * 10_000}, 431, "header_too_large", id="header-10kB"),
        # gunicorn's own limit was 100 headers.
        pytest.param(
            "", {f"X-N{n}": "1" for n in range(150)}, 401, "not_authenticated", id="150-headers"
        ),
    ],
)
def test_a_long_query_or_header_is_answered_in_the_apis_envelope(
    served_stack: Server, query: str, headers: dict[str, str], status: int, code: str
) -> None:
    """A 4.4 KB query string or a 10 KB header got gunicorn's HTML 400/431 under /api/."""
    answer = requests.get(
        f"http://127.0.0.1:{served_stack.port}/api/v1/tables?{query}", headers=headers, timeout=10
    )
    assert answer.status_code == status, answer.text[:200]
    assert answer.headers["Content-Type"].startswith("application/json")
    assert answer.json()["error"]["code"] == code
