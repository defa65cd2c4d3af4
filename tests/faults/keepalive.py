"""Many POSTs through nginx over a few keep-alive connections, with idle gaps around the
front's timeouts, counting every answer by status (tests/faults/test_keepalive.py).

Why a small asyncio client of our own, not `requests` or wrk: 50,000 requests must be
cheap on a 2-core machine shared with the server, so each is a request written as bytes
and an answer read with its `Content-Length`, on 16 connections held by one event loop
(a few microseconds of the client's CPU each); and what is measured is precisely what
becomes of each connection through every idle gap: a client library would reconnect or
retry behind our back (urllib3 retries a request whose idle connection turns out closed),
and wrk neither pauses nor says which answer was a 502. The client does what a careful
table app does and no more: a connection the front closed while idle (no byte of an
answer came back: nothing was received) is opened again and the request sent again; any
answer, a 502 included, is counted as it is.

The load comes in rounds: each connection sends its share of the round's requests back to
back, then all of them idle together for one gap, then all send at once. The gaps sweep
every timeout from just under it to a second past it (nginx's keep-alive to the clients
and to gunicorn, gunicorn's own, which it checks once a second): the connections nginx
keeps to gunicorn then reach that age together, and the next burst meets whichever side
closes them at that moment. With gunicorn closing first (the order main had), such a
sweep of 60 bursts got 31 answers of 960 as 502s; with nginx closing first, none."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


@dataclass
class Tally:
    statuses: Counter[int] = field(default_factory=Counter)
    sent: int = 0
    reopened: int = 0  # idle connections the front had closed: opened again, sent again
    gaps: Counter[float] = field(default_factory=Counter)
    bad: list[str] = field(default_factory=list)  # the first few refusals, for the log
    unexplained_503: int = 0  # 503s that do not say when to retry


class Closed(Exception):
    """The connection was closed before any byte of an answer."""


async def _answer(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as partial:
        if not partial.partial:
            raise Closed from None
        raise
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        body = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            body += await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        body = await reader.read()
    return status, headers, body


def request_bytes(path: str, body: dict[str, object], headers: dict[str, str]) -> bytes:
    data = json.dumps(body, separators=(",", ":")).encode()
    head = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
            f"Content-Length: {len(data)}", *(f"{k}: {v}" for k, v in headers.items())]  # fmt: skip
    return ("\r\n".join(head) + "\r\n\r\n").encode() + data


class Connection:
    """One client connection: sends a request, reads its answer, reopens when the front
    closed it while idle."""

    def __init__(self, port: int, tally: Tally) -> None:
        self.port, self.tally = port, tally
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def send(self, request: bytes) -> tuple[int, bytes]:
        for attempt in range(3):
            if self.writer is None:
                await self._open()
            assert self.reader is not None
            assert self.writer is not None
            try:
                self.writer.write(request)
                await self.writer.drain()
                status, headers, body = await _answer(self.reader)
            except (Closed, ConnectionResetError, BrokenPipeError):
                # Closed by the front while idle: nothing of it was received.
                self.tally.reopened += 1
                await self.close()
                if attempt == 2:
                    raise
                continue
            self.tally.sent += 1
            self.tally.statuses[status] += 1
            if status == 503 and "retry-after" not in headers:
                self.tally.unexplained_503 += 1
            if status not in (200, 201) and len(self.tally.bad) < 20:
                self.tally.bad.append(f"{status} {body[:200]!r}")
            if headers.get("connection", "").lower() == "close":
                await self.close()
            return status, body
        raise AssertionError("unreachable")

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


#: Gaps a timeout is idled around: from just under it to past the second after it (gunicorn
#: looks for expired connections once a second, so it closes one up to a second late).
STEPS = 12


def gaps_around(timeouts: Sequence[float]) -> list[float]:
    return [t - 0.05 + 1.1 * k / (STEPS - 1) for t in timeouts for k in range(STEPS)]


async def run(
    port: int,
    *,
    connections: int,
    total: int,
    timeouts: Sequence[float],
    next_request: Callable[[int], tuple[bytes, Callable[[int, bytes], None] | None]],
    seed: int = 40,
) -> Tally:
    """`total` requests over `connections` connections, in rounds separated by idle gaps
    around `timeouts` (every connection idle at once, then all sending together).
    `next_request(i)` gives connection i's next request and what to do with its answer
    (the card plays keep their table's version)."""
    tally, rng = Tally(), random.Random(seed)
    clients = [Connection(port, tally) for _ in range(connections)]
    gaps = gaps_around(timeouts)
    rng.shuffle(gaps)
    rounds = len(gaps) + 1

    async def burst(i: int, count: int) -> None:
        for _ in range(count):
            request, then = next_request(i)
            status, body = await clients[i].send(request)
            if then is not None:
                then(status, body)

    for n in range(rounds):
        share = total * (n + 1) // rounds - total * n // rounds
        weights = [rng.random() + 0.2 for _ in clients]  # some connections busier than others
        counts = [int(share * w / sum(weights)) for w in weights]
        counts[0] += share - sum(counts)
        await asyncio.gather(*(burst(i, c) for i, c in enumerate(counts)))
        if n < len(gaps):
            tally.gaps[round(gaps[n], 2)] += 1
            await asyncio.sleep(gaps[n])
    for client in clients:
        await client.close()
    return tally


def run_load(port: int, **kwargs: object) -> tuple[Tally, float]:
    started = time.monotonic()
    tally = asyncio.run(run(port, **kwargs))  # type: ignore[arg-type]
    return tally, time.monotonic() - started
