"""The live benchmark's viewers (bench/live.py): thousands of Server-Sent Events streams
held open by one separate process, through nginx as a phone or a tablet app reaches them.

Each viewer is one TCP connection to nginx from a client address of its own group
(127.1.x.y: `PER_ADDRESS` viewers share one, as a club's phones share its network), so
the stream limits per address stay as production has them. A viewer is either the
players' view of a table (`/live/v/<token>`: one event per version it has not seen, so it
may skip versions, the page re-reading the table) or the API's stream of the table's
events (`/api/v1/tables/{id}/stream` with a key: every event, in order). The process records
when each `id:` line arrives (monotonic time, the same clock as the parent's); nothing else
of an event is parsed, so thousands of viewers cost it little CPU beside the server.

The parent talks to it over a pipe: "ready" once every viewer has its stream open,
("wait", {table: version}) until every viewer of those tables has seen that version,
"collect" for what arrived since the last collect, "stop".
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import time
from dataclasses import dataclass, field
from typing import Any

#: Viewers sharing one client address: within nginx's per-address stream limit (32).
PER_ADDRESS = 16
#: Viewers connecting at once (nginx and uvicorn queue the rest in their backlogs).
CONNECTING = 64


@dataclass(frozen=True)
class Spec:
    """One viewer: `page` (`/live/v/`) or `api` (the events stream), on `table`."""

    kind: str
    table: str
    path: str
    headers: tuple[tuple[str, str], ...] = ()


def address(index: int) -> str:
    """The client address of viewer `index`: 127.1.x.y, `PER_ADDRESS` viewers each."""
    group = index // PER_ADDRESS
    return f"127.1.{group // 250}.{group % 250 + 1}"


@dataclass
class _Viewer(asyncio.Protocol):
    spec: Spec
    port: int
    opened: asyncio.Future[None]
    arrived: list[tuple[int, float]] = field(default_factory=list)
    status: int | None = None
    problem: str = ""
    done: bool = False
    _head: bytes = b""
    _chunked: bytes = b""  # the body as it comes (HTTP/1.1 chunks), not yet decoded
    _tail: bytes = b""  # the decoded body's last, incomplete line

    def connection_made(self, transport: Any) -> None:
        lines = [f"GET {self.spec.path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lines += ["Accept: text/event-stream", *(f"{k}: {v}" for k, v in self.spec.headers)]
        transport.write(("\r\n".join(lines) + "\r\n\r\n").encode())

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        if self.status is None:
            self._head += data
            head, sep, data = self._head.partition(b"\r\n\r\n")
            if not sep:
                return
            self._head = b""
            self.status = int(head.split(b" ", 2)[1])
            if self.status != 200:
                self._fail(f"status {self.status}")
                return
            if b"transfer-encoding: chunked" not in head.lower():
                self._fail("not chunked")
                return
        *lines, self._tail = (self._tail + self._dechunked(data)).split(b"\n")
        for line in lines:
            if line.startswith(b"id: "):
                self.arrived.append((int(line[4:]), now))
            elif line.startswith(b"retry:") and not self.opened.done():
                self.opened.set_result(None)  # the first thing either stream sends
            elif line.startswith(b"event: ended"):
                self._fail("ended")

    def _dechunked(self, data: bytes) -> bytes:
        """The body's bytes in `data` (nginx re-chunks what it reads from uvicorn, so an
        event may span two chunks)."""
        buffer, out = self._chunked + data, []
        while True:
            size_line, sep, rest = buffer.partition(b"\r\n")
            if not sep:
                break
            size = int(size_line.split(b";")[0], 16)
            if len(rest) < size + 2:
                break
            out.append(rest[:size])
            buffer = rest[size + 2 :]
        self._chunked = buffer
        return b"".join(out)

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(f"closed ({exc})" if exc else "closed")

    def _fail(self, problem: str) -> None:
        if not self.done:
            self.done, self.problem = True, problem
        if not self.opened.done():
            self.opened.set_exception(RuntimeError(problem))


async def _open(viewer: _Viewer, index: int, gate: asyncio.Semaphore) -> None:
    loop = asyncio.get_running_loop()
    async with gate:
        try:
            await loop.create_connection(
                lambda: viewer, "127.0.0.1", viewer.port, local_addr=(address(index), 0)
            )
            await asyncio.wait_for(viewer.opened, 60)
        except Exception as error:  # counted by the parent
            viewer._fail(f"{type(error).__name__}: {error}")


async def _serve(port: int, specs: list[Spec], conn: Any) -> None:
    loop = asyncio.get_running_loop()
    viewers = [_Viewer(spec, port, loop.create_future()) for spec in specs]
    gate = asyncio.Semaphore(CONNECTING)
    began = time.monotonic()
    await asyncio.gather(*(_open(v, i, gate) for i, v in enumerate(viewers)))
    broken = [v.problem for v in viewers if v.done]
    conn.send(("ready", time.monotonic() - began, broken))
    while True:
        command = await loop.run_in_executor(None, conn.recv)
        if command == "stop":
            break
        if command == "collect":
            conn.send([(v.arrived, v.problem) for v in viewers])
            for viewer in viewers:
                viewer.arrived = []
        elif command[0] == "wait":
            finals, deadline = command[1], time.monotonic() + command[2]
            waiting = [v for v in viewers if v.spec.table in finals]
            while time.monotonic() < deadline:
                waiting = [
                    v
                    for v in waiting
                    if not v.done and (not v.arrived or v.arrived[-1][0] < finals[v.spec.table])
                ]
                if not waiting:
                    break
                await asyncio.sleep(0.05)
            conn.send(len(waiting))


def _main(port: int, specs: list[Spec], conn: Any) -> None:
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    asyncio.run(_serve(port, specs, conn))


class Viewers:
    """The viewers' process, as a context: every stream open inside it."""

    def __init__(self, port: int, specs: list[Spec]) -> None:
        self.specs = specs
        self.parent, child = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_main, args=(port, specs, child), daemon=True)
        self.connect_seconds = 0.0

    def __enter__(self) -> Viewers:
        self.process.start()
        wait = 60 + len(self.specs) / 20
        if not self.parent.poll(wait):
            self._end()
            raise RuntimeError(f"the viewers did not connect within {wait:.0f} s")
        _, self.connect_seconds, broken = self.parent.recv()
        if broken:
            self._end()
            raise RuntimeError(f"{len(broken)} viewers could not open a stream: {broken[:5]}")
        return self

    def wait_for(self, finals: dict[str, int], seconds: float = 15.0) -> int:
        """Wait until every viewer of these tables has seen its final version: how many
        had not after `seconds`."""
        self.parent.send(("wait", finals, seconds))
        return int(self.parent.recv()) if self.parent.poll(seconds + 60) else len(self.specs)

    def collect(self) -> list[tuple[list[tuple[int, float]], str]]:
        """Per viewer (in `specs` order): the (version, arrival) since the last collect, and
        what ended its stream ("" while open)."""
        self.parent.send("collect")
        if not self.parent.poll(120):
            raise RuntimeError("the viewers did not answer")
        return list(self.parent.recv())

    def _end(self) -> None:
        with contextlib.suppress(OSError):
            self.parent.send("stop")
        self.process.join(10)
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(10)

    def __exit__(self, *exc: object) -> None:
        self._end()
