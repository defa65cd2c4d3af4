"""The buffering front of the stack `make run` serves (scripts/serve.sh: nginx in front of
gunicorn on a unix socket; scripts/nginx.conf.template), issue 25 items 1 and 4:

- a client that sends its request a line every few seconds holds up nobody else's answer;
- a body over the limit gets the JSON 413 in every common client (urllib included, which
  used to see a connection reset when the server closed before reading);
- the client's address reaches the application and its access log;
- what nginx refuses itself, or passes on, is answered in the API's JSON envelope."""

from __future__ import annotations

import contextlib
import json
import socket
import time
import urllib.error
import urllib.request

import pytest
import requests

from bench._server import Server
from tests.clubs.helpers import make_club, make_key

pytestmark = pytest.mark.slow
SLOW_CLIENTS = 200
TOO_LARGE = b"[" + b"1," * 1_400_000 + b"1]"  # 2.8 MB, over the 2.5 MB limit


def _open_slow_clients(port: int) -> list[socket.socket]:
    clients = []
    for _ in range(SLOW_CLIENTS):
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        client.sendall(b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        clients.append(client)
    return clients


def _one_more_line(clients: list[socket.socket]) -> None:
    for client in clients:
        with contextlib.suppress(OSError):  # the server may give up on it: its right
            client.sendall(b"X-Slowly: 1\r\n")


def test_two_hundred_slow_clients_do_not_delay_anyone_elses_answer(served_stack: Server) -> None:
    url = f"http://127.0.0.1:{served_stack.port}/health/"
    assert requests.get(url, timeout=5).status_code == 200
    clients = _open_slow_clients(served_stack.port)
    waits: list[float] = []
    failures: list[str] = []
    try:
        deadline = time.monotonic() + 12
        while time.monotonic() < deadline:
            _one_more_line(clients)  # a header line every 2 s, as a slowloris does
            for _ in range(4):
                started = time.monotonic()
                try:
                    answer = requests.get(url, timeout=5)
                    if answer.status_code != 200:
                        failures.append(f"{answer.status_code}")
                except requests.RequestException as error:
                    failures.append(type(error).__name__)
                waits.append(time.monotonic() - started)
                time.sleep(0.5)
    finally:
        for client in clients:
            client.close()
    assert failures == []
    assert len(waits) >= 16
    assert max(waits) < 1.0, sorted(waits)[-5:]


def _too_large_error(body: bytes, content_type: str) -> dict[str, object]:
    assert content_type.startswith("application/json"), content_type
    error = json.loads(body)["error"]
    assert error["code"] == "request_too_large"
    return dict(error)


def test_every_common_client_reads_the_json_413(served_stack: Server) -> None:
    url = f"http://127.0.0.1:{served_stack.port}/api/v1/tables"
    headers = {"Content-Type": "application/json", "Authorization": "Bearer x"}
    request = urllib.request.Request(url, data=TOO_LARGE, headers=headers, method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 413
    _too_large_error(refused.value.read(), refused.value.headers["Content-Type"])
    answer = requests.post(url, data=TOO_LARGE, headers=headers, timeout=30)
    assert answer.status_code == 413
    assert _too_large_error(answer.content, answer.headers["Content-Type"])["limit"] == 2621440


def test_the_clients_address_reaches_the_access_log(served_stack: Server) -> None:
    url = f"http://127.0.0.1:{served_stack.port}/health/?from=front"
    # A client's own X-Real-IP is replaced by the address nginx accepted it from.
    assert requests.get(url, headers={"X-Real-IP": "203.0.113.9"}, timeout=5).ok
    time.sleep(0.5)
    lines = [line for line in served_stack.log.read_text().splitlines() if "from=front" in line]
    assert len(lines) == 1, lines
    assert lines[0].startswith("127.0.0.1 - - ["), lines[0]


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/v1/tables/%00/events", 400, "invalid_request"),  # refused by nginx itself
        ("/api/v1/tables/0/stream", 404, "not_found"),  # not a table id: not a stream
    ],
)
def test_what_nginx_refuses_or_passes_on_is_in_the_apis_envelope(
    served_stack: Server, path: str, status: int, code: str
) -> None:
    """Found by schemathesis against `make run`: nginx's own HTML 400, and the live app's
    HTML 404 for a stream path without a table id."""
    answer = requests.get(f"http://127.0.0.1:{served_stack.port}{path}", timeout=30)
    assert answer.status_code == status
    assert answer.headers["Content-Type"].startswith("application/json")
    assert answer.json()["error"]["code"] == code


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/api/v1/tables", "GET, POST, HEAD, OPTIONS"),
        ("/api/v1/tables/00000000-0000-0000-0000-000000000001/stream", "GET, HEAD, OPTIONS"),
    ],
)
@pytest.mark.django_db(transaction=True)
def test_trace_is_the_apis_405_with_allow(served_stack: Server, path: str, allowed: str) -> None:
    """Found by schemathesis against `make run`: nginx answered TRACE with its own HTML
    405 and no `Allow`."""
    key = make_key(make_club(), "admin")[1]
    answer = requests.request(
        "TRACE",
        f"http://127.0.0.1:{served_stack.port}{path}",
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    )
    assert answer.status_code == 405
    assert answer.headers["Content-Type"].startswith("application/json")
    assert answer.json()["error"]["code"] == "method_not_allowed"
    assert answer.headers["Allow"] == allowed


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/tables/00000000-0000-0000-0000-000000000001/events",  # gunicorn
        "/api/v1/tables/00000000-0000-0000-0000-000000000001/stream",  # uvicorn
    ],
)
def test_a_browser_app_on_another_origin_gets_through_nginx(
    served_stack: Server, path: str
) -> None:
    """CORS as `make run` serves it: the preflight answered behind nginx, on either app,
    and a refusal readable from the other origin."""
    url = f"http://127.0.0.1:{served_stack.port}{path}"
    origin = {"Origin": "https://tablet.club.example"}
    preflight = requests.options(
        url,
        headers={
            **origin,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization, last-event-id",
        },
        timeout=30,
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "last-event-id" in preflight.headers["Access-Control-Allow-Headers"]
    refused = requests.get(url, headers=origin, timeout=30)  # no key
    assert refused.status_code == 401
    assert refused.headers["Access-Control-Allow-Origin"] == "*"
