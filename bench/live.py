"""Live views under load: `make bench BENCH=live`.

The server is started as `make run` starts it (scripts/serve.sh: gunicorn, uvicorn on
var/run/asgi-$PORT.sock, Celery). 20 tables get a viewer link each, and VIEWERS open
viewer streams (`/live/v/<token>`, the players' view) spread over them, straight on
uvicorn's socket, from a separate process (asyncio, one connection each). Then:

- idle: uvicorn's memory and CPU with no viewer, then with every viewer connected and
  nothing logged (per idle viewer);
- 8 clients log card plays on 8 of the tables (bench/api.py's deal script), once without
  viewers and once with them open, alternating BENCH_ROUNDS times: the play rate both
  ways (target: less than 10% lower with viewers);
- with viewers: the delay from a play's commit to each viewer of its table receiving its
  version: from the play's response (the commit is just before it: a lower bound) and
  from the request's start (an upper bound); target p95 < 1 s.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from bench import api
from bench._common import machine, print_table
from bench._server import ROOT, Server, _cmdline, _cpu_seconds

TABLES = 20
VIEWERS = int(os.environ.get("BENCH_LIVE_VIEWERS", "200"))
PLAYERS = 8
PLAYS = int(os.environ.get("BENCH_LIVE_PLAYS", "400"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "2"))
IDLE_SECONDS = 10.0


# ---------------------------------------------------------------- the viewers' process
async def _viewer(sock: str, token: str, table: str, seen: list[Any], ready: Any) -> None:
    reader, writer = await asyncio.open_unix_connection(sock)
    writer.write(
        f"GET /live/v/{token} HTTP/1.1\r\nHost: localhost\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    while True:
        line = await reader.readline()
        if not line:
            return
        if line.startswith(b"event: hello"):
            ready()
        elif line.startswith(b"id: "):
            seen.append((table, int(line[4:]), time.monotonic()))


def _viewers_main(sock: str, links: list[tuple[str, str]], conn: Any) -> None:
    """Open a stream for each (token, table); say "ready" once all said hello; on "stop",
    send back every (table, version, monotonic time) received."""

    async def run() -> None:
        seen: list[Any] = []
        count = 0
        everyone = asyncio.Event()

        def ready() -> None:
            nonlocal count
            count += 1
            if count == len(links):
                everyone.set()

        tasks = [asyncio.create_task(_viewer(sock, t, table, seen, ready)) for t, table in links]
        await asyncio.wait_for(everyone.wait(), 120)
        conn.send("ready")
        loop = asyncio.get_running_loop()
        while True:
            command = await loop.run_in_executor(None, conn.recv)
            if command == "collect":  # what arrived since the last collect
                conn.send(list(seen))
                seen.clear()
            elif command == "stop":
                break
        for task in tasks:
            task.cancel()

    asyncio.run(run())


class Viewers:
    def __init__(self, sock: str, links: list[tuple[str, str]]) -> None:
        self.parent, child = multiprocessing.Pipe()
        self.process = multiprocessing.Process(
            target=_viewers_main, args=(sock, links, child), daemon=True
        )

    def __enter__(self) -> Viewers:
        self.process.start()
        if not self.parent.poll(150) or self.parent.recv() != "ready":
            raise RuntimeError("the viewers did not all connect")
        return self

    def collect(self) -> list[tuple[str, int, float]]:
        self.parent.send("collect")
        return self.parent.recv() if self.parent.poll(60) else []

    def __exit__(self, *exc: object) -> None:
        self.parent.send("stop")
        self.process.join(5)
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(10)


# ---------------------------------------------------------------- the server's side
def _uvicorn(server: Server) -> list[int]:
    return [p for p in server._descendants() if "uvicorn" in _cmdline(p)]


def _rss_kb(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def _plays(
    clients: list[api.TableClient], script: list[dict[str, Any]], plays: int
) -> tuple[float, dict[tuple[str, int], tuple[float, float]]]:
    """`plays` card plays from the clients together: plays/s, and for each version logged
    (table, version) -> (request started, response read), monotonic."""
    per_client = max(1, plays // len(clients))
    logged: dict[tuple[str, int], tuple[float, float]] = {}
    barrier = threading.Barrier(len(clients) + 1)
    errors: list[BaseException] = []

    def run(client: api.TableClient) -> None:
        try:
            client.conn.close()  # gunicorn closed it while idle; reopened on the next request
            barrier.wait()
            done = 0
            while done < per_client:
                event = script[client.step % len(script)]  # type: ignore[attr-defined]
                client.step += 1  # type: ignore[attr-defined]
                started = time.monotonic()
                client.log(event)
                logged[(client.table, client.version)] = (started, time.monotonic())
                done += "play" in event
            barrier.wait()
        except BaseException as error:
            errors.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    seconds = 0.0
    try:
        barrier.wait()
        began = time.perf_counter()
        barrier.wait()
        seconds = time.perf_counter() - began
    except threading.BrokenBarrierError:
        pass  # a client failed: its error is raised below
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return per_client * len(clients) / seconds, logged


def _pct(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))] if ordered else 0.0


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} / {five:.1f}"


def _started() -> Server:
    """serve.sh may need more than the 60 s `Server` waits on a loaded machine: try again."""
    for attempt in range(3):
        try:
            return Server(api.server_log()).__enter__()
        except RuntimeError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def main() -> None:
    keys = api.club_keys()
    transcript, script = api._deal_script()
    loads = [f"start {_load()}"]
    server = _started()
    try:
        sock = str(ROOT / "var" / "run" / f"asgi-{server.port}.sock")
        tables = [
            api.TableClient(server.port, keys[i % len(keys)], transcript) for i in range(TABLES)
        ]
        for client in tables:  # a deal under way at each table
            for event in script[:6]:
                client.log(event)
            client.step = 6  # type: ignore[attr-defined]  # where its script goes on
        links = []
        for i, client in enumerate(tables):
            made = client._call("POST", f"/api/v1/tables/{client.table}/viewers", {}, 201)
            token = made["url"].rstrip("/").rsplit("/v/", 1)[1]
            links += [(token, client.table)] * (VIEWERS // TABLES + (i < VIEWERS % TABLES))
        uvicorn = _uvicorn(server)
        players = tables[:PLAYERS]
        rates: dict[str, list[float]] = {"without": [], "with": []}
        from_response: list[float] = []
        from_request: list[float] = []
        idle: dict[str, float] = {}
        for round_ in range(ROUNDS):
            rate, _ = _plays(players, script, PLAYS)
            rates["without"].append(rate)
            loads.append(f"without viewers {_load()}")
            if round_ == 0:  # uvicorn with nobody watching
                time.sleep(2)
                rss, cpu = _rss_kb(uvicorn), sum(_cpu_seconds(p) for p in uvicorn)
                time.sleep(IDLE_SECONDS)
                idle["rss0"], idle["cpu0"] = rss, sum(_cpu_seconds(p) for p in uvicorn) - cpu
            with Viewers(sock, links) as viewers:
                if round_ == 0:  # every viewer connected, nothing logged
                    time.sleep(2)
                    rss, cpu = _rss_kb(uvicorn), sum(_cpu_seconds(p) for p in uvicorn)
                    time.sleep(IDLE_SECONDS)
                    idle["rss1"], idle["cpu1"] = rss, sum(_cpu_seconds(p) for p in uvicorn) - cpu
                viewers.collect()
                rate, logged = _plays(players, script, PLAYS)
                rates["with"].append(rate)
                loads.append(f"with viewers {_load()}")
                time.sleep(1.5)  # the last deliveries
                for table, version, at in viewers.collect():
                    if (table, version) in logged:
                        started, answered = logged[(table, version)]
                        from_response.append((at - answered) * 1000)
                        from_request.append((at - started) * 1000)
    finally:
        server.__exit__()
    per_viewer_kb = (idle["rss1"] - idle["rss0"]) / VIEWERS
    per_viewer_cpu_us = (idle["cpu1"] - idle["cpu0"]) / IDLE_SECONDS / VIEWERS * 1e6
    without, with_ = statistics.median(rates["without"]), statistics.median(rates["with"])
    print(
        f"\nLive views: {VIEWERS} viewers on {TABLES} tables, {PLAYERS} clients logging "
        f"plays on {PLAYERS} of them ({machine()}); load (1/5 min): {'; '.join(loads)}"
    )
    print_table(
        ["measure", "value", "target"],
        [
            ["to a viewer p50, from the response (ms)", f"{_pct(from_response, 50):.0f}", ""],
            ["to a viewer p95, from the response (ms)", f"{_pct(from_response, 95):.0f}", "< 1000"],
            ["to a viewer p95, from the request (ms)", f"{_pct(from_request, 95):.0f}", "< 1000"],
            ["to a viewer max, from the request (ms)", f"{max(from_request or [0]):.0f}", ""],
            ["deliveries measured", f"{len(from_request)}", ""],
            ["uvicorn memory per idle viewer (kB)", f"{per_viewer_kb:.1f}", ""],
            ["uvicorn CPU per idle viewer (µs/s)", f"{per_viewer_cpu_us:.1f}", ""],
            ["8-client card plays/s without viewers", f"{without:.0f}", ""],
            ["8-client card plays/s with viewers", f"{with_:.0f}", f"> {0.9 * without:.0f}"],
            ["with / without", f"{with_ / without:.2f}", "> 0.90"],
        ],
    )  # fmt: skip
