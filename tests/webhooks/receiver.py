"""A webhook receiver on 127.0.0.1 (random free port) that checks signatures the way
docs/webhooks.md tells receivers to, fails each delivery's first attempts, and can hold
one request open (so a test can kill the worker while it waits for the answer)."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOLERANCE_SECONDS = 300


def verify(secret: str, headers: Any, body: bytes, now: float | None = None) -> bool:
    """The receiver-side check from docs/webhooks.md."""
    timestamp = headers.get("X-Bourre-Timestamp", "")
    signature = headers.get("X-Bourre-Signature", "")
    if not timestamp.isdigit() or abs((now or time.time()) - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return hmac.compare_digest(signature, "v1=" + expected.hexdigest())


@dataclass
class Received:
    delivery_id: str
    payload: dict[str, Any]
    signature_ok: bool
    status: int


class Receiver:
    def __init__(self, *, fail_first: int = 2) -> None:
        self.fail_first = fail_first
        self.secret = ""
        self.requests: list[Received] = []
        self.hang_on: int | None = None  # the nth request (1-based) waits for `release`
        self.hanging = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                status = receiver._answer(self.headers, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/hooks/bourre"

    def _answer(self, headers: Any, body: bytes) -> int:
        delivery_id = headers.get("X-Bourre-Delivery", "")
        with self._lock:
            number = len(self.requests) + 1
            earlier = sum(1 for r in self.requests if r.delivery_id == delivery_id)
            hang = number == self.hang_on
            status = 500 if earlier < self.fail_first else 200
            if hang:
                status = 503
            record = Received(
                delivery_id, json.loads(body), verify(self.secret, headers, body), status
            )
            self.requests.append(record)
        if hang:
            self.hanging.set()
            self.release.wait(120)
        return status

    def delivered(self) -> list[Received]:
        """Requests answered 2xx, in the order they came."""
        with self._lock:
            return [r for r in self.requests if 200 <= r.status < 300]

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
