"""Reading a Server-Sent Events stream in tests: (id, event, data) blocks, until enough
arrived or the stream has been quiet for a while."""

from __future__ import annotations

import time
from typing import Any

import httpx


def read_events(
    url: str,
    *,
    headers: dict[str, str] | None = None,
    until: Any = None,
    quiet: float = 2.0,
    limit: float = 15.0,
    on_open: Any = None,
) -> list[dict[str, str]]:
    """The events of `url` (comments skipped) until `until(events)` is true, the stream is
    quiet for `quiet` seconds, or `limit` seconds pass. `on_open()` runs once the response
    headers are in (to act while connected)."""
    events: list[dict[str, str]] = []
    block: dict[str, str] = {}
    deadline = time.monotonic() + limit
    timeout = httpx.Timeout(10.0, read=quiet)
    try:
        with httpx.stream("GET", url, headers=headers or {}, timeout=timeout) as response:
            assert response.status_code == 200, response.read()
            assert response.headers["content-type"].startswith("text/event-stream")
            if on_open is not None:
                on_open()
            for line in response.iter_lines():
                if line == "":
                    if "data" in block or "event" in block:  # not a lone `retry:`
                        events.append(block)
                        if until is not None and until(events):
                            break
                    block = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    block[name] = value[1:] if value.startswith(" ") else value
                if time.monotonic() > deadline:
                    break
    except httpx.ReadTimeout:
        pass
    return events
