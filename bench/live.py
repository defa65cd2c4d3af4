"""Live views under load: `make bench BENCH=live` (`BENCH_LIVE_VIEWERS=10000` for the big
room).

The server is started as `make run` starts it (scripts/serve.sh: nginx in front of
gunicorn and uvicorn, Celery), its stream budget sized for the viewers
(`BOURRE_STREAMS_MAX`: nginx's connections, uvicorn's `--limit-concurrency` and the open
files follow, docs/operations.md "Live streams"); the per-address and per-link limits stay
as production has them: the viewers come from many loopback addresses, `PER_ADDRESS` each
(bench/_viewers.py). TABLES tables get a deal under way and a viewer link each, and VIEWERS
viewers spread over them, half the players' view (`/live/v/<token>`), half the API's event
stream (`/api/v1/tables/{id}/stream`), all through nginx from a separate process. Then:

- idle: uvicorn's (and nginx's) memory and uvicorn's CPU with no viewer, then with every
  viewer connected and nothing logged (per idle viewer);
- 8 clients log card plays on 8 of the tables (bench/api.py's deal script), once without
  viewers and once with them open, alternating BENCH_ROUNDS times: the play rate both ways;
- with viewers: every viewer of a played table must see its table's last version, and an
  API stream every event, in order (`missed`: a viewer short of one); and the delay from a
  play's commit to each viewer of its table seeing that version or a later one, from the
  play's response (the commit is just before it: a lower bound) and from its request.

`measure(viewers)` returns the figures (the summary's "live" rows); `main()` prints them.
"""

from __future__ import annotations

import bisect
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from bench import api
from bench._common import machine, print_table
from bench._server import Server, _cmdline, _cpu_seconds
from bench._viewers import Spec, Viewers

VIEWERS = int(os.environ.get("BENCH_LIVE_VIEWERS", "2000"))
TABLES = int(os.environ.get("BENCH_LIVE_TABLES", "200"))
PLAYERS = 8
PLAYS = int(os.environ.get("BENCH_LIVE_PLAYS", "400"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "2"))
IDLE_SECONDS = 10.0
#: The targets (issue 43): at 2,000 viewers, and in the big room.
TARGETS = {"p95_ms": 250.0, "ratio": 0.90, "kb": 40.0, "big_p95_ms": 1000.0}


# ---------------------------------------------------------------- the server's side
def _processes(server: Server, name: str) -> list[int]:
    return [p for p in server._descendants() if name in _cmdline(p)]


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


def _started(viewers: int) -> Server:
    """serve.sh with the stream budget for `viewers` (may need more than the 60 s `Server`
    waits on a loaded machine: tried again)."""
    budget = {"BOURRE_STREAMS_MAX": str(max(2000, viewers + 100))}
    for attempt in range(3):
        try:
            return Server(api.server_log(), env=budget).__enter__()
        except RuntimeError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _specs(tables: list[api.TableClient], tokens: list[str], keys: list[str], viewers: int):
    """`viewers` viewers spread over the tables, every other one an API stream."""
    key_of = {client.table: keys[i % len(keys)] for i, client in enumerate(tables)}
    specs = []
    for n in range(viewers):
        client, token = tables[n % len(tables)], tokens[n % len(tables)]
        if (n // len(tables)) % 2 == 0:
            specs.append(Spec("page", client.table, f"/live/v/{token}"))
        else:
            auth = (("Authorization", f"Bearer {key_of[client.table]}"),)
            specs.append(Spec("api", client.table, f"/api/v1/tables/{client.table}/stream", auth))
    return specs


def _deliveries(
    specs: list[Spec],
    got: list[tuple[list[tuple[int, float]], str]],
    logged: dict[tuple[str, int], tuple[float, float]],
    before: dict[str, int],
    finals: dict[str, int],
) -> tuple[list[float], list[float], int, list[str]]:
    """From what the viewers received: the delays (ms) from each logged version's response
    and request to each viewer of its table seeing it (or a later one); how many viewers
    missed an event (a page short of its table's last version or going backwards, an API
    stream not given exactly every version after the one it opened at); a few of why."""
    by_table: dict[str, list[tuple[int, float, float]]] = {}
    for (table, version), (started, answered) in logged.items():
        by_table.setdefault(table, []).append((version, started, answered))
    from_response: list[float] = []
    from_request: list[float] = []
    missed, why = 0, []
    for spec, (arrived, problem) in zip(specs, got, strict=True):
        versions = [v for v, _ in arrived]
        if spec.table in finals:
            if spec.kind == "api":
                good = versions == list(range(before[spec.table] + 1, finals[spec.table] + 1))
            else:
                good = versions == sorted(set(versions)) and versions[-1:] == [finals[spec.table]]
        else:
            good = not versions
        if problem or not good:
            missed += 1
            if len(why) < 3:
                why.append(f"{spec.kind} {spec.table[:8]}: {problem or versions[-5:]}")
        times = [t for _, t in arrived]
        for version, started, answered in by_table.get(spec.table, ()):
            at = bisect.bisect_left(versions, version)  # first seen at or after it
            if at < len(versions):
                from_response.append((times[at] - answered) * 1000)
                from_request.append((times[at] - started) * 1000)
    return from_response, from_request, missed, why


def measure(viewers: int = VIEWERS, tables_count: int = TABLES, rounds: int = ROUNDS) -> dict:
    """The live figures with `viewers` viewers on `tables_count` tables (see the module)."""
    keys = api.club_keys()
    transcript, script = api._deal_script()
    loads = [f"start {_load()}"]
    server = _started(viewers)
    try:
        tables = [
            api.TableClient(server.port, keys[i % len(keys)], transcript)
            for i in range(tables_count)
        ]
        tokens = []
        for client in tables:  # a deal under way at each table, and its viewer link
            for event in script[:6]:
                client.log(event)
            client.step = 6  # type: ignore[attr-defined]  # where its script goes on
            made = client._call("POST", f"/api/v1/tables/{client.table}/viewers", {}, 201)
            tokens.append(made["url"].rstrip("/").rsplit("/v/", 1)[1])
        specs = _specs(tables, tokens, keys, viewers)
        uvicorn, nginx = _processes(server, "uvicorn"), _processes(server, "nginx")
        players = tables[:PLAYERS]
        rates: dict[str, list[float]] = {"without": [], "with": []}
        from_response: list[float] = []
        from_request: list[float] = []
        missed, why, late, connect = 0, [], 0, []
        idle: dict[str, float] = {}
        # Warm the live server (its imports, threads, database connections) before its
        # memory is read with nobody watching.
        with Viewers(server.port, _specs(tables[:10], tokens[:10], keys, 20)):
            time.sleep(1)
        for round_ in range(rounds):
            rate, _ = _plays(players, script, PLAYS)
            rates["without"].append(rate)
            loads.append(f"without viewers {_load()}")
            if round_ == 0:  # uvicorn with nobody watching
                time.sleep(2)
                idle["nginx0"], idle["rss0"] = _rss_kb(nginx), _rss_kb(uvicorn)
                cpu = sum(_cpu_seconds(p) for p in uvicorn)
                time.sleep(IDLE_SECONDS)
                idle["cpu0"] = sum(_cpu_seconds(p) for p in uvicorn) - cpu
            with Viewers(server.port, specs) as open_viewers:
                connect.append(open_viewers.connect_seconds)
                if round_ == 0:  # every viewer connected, nothing logged
                    time.sleep(2)
                    idle["nginx1"], idle["rss1"] = _rss_kb(nginx), _rss_kb(uvicorn)
                    cpu = sum(_cpu_seconds(p) for p in uvicorn)
                    time.sleep(IDLE_SECONDS)
                    idle["cpu1"] = sum(_cpu_seconds(p) for p in uvicorn) - cpu
                open_viewers.collect()
                before = {c.table: c.version for c in players}
                rate, logged = _plays(players, script, PLAYS)
                rates["with"].append(rate)
                loads.append(f"with viewers {_load()}")
                finals = {c.table: c.version for c in players}
                late += open_viewers.wait_for(finals)
                got = open_viewers.collect()
                response, request, short, reasons = _deliveries(specs, got, logged, before, finals)
                from_response += response
                from_request += request
                missed += short
                why += reasons
    finally:
        server.__exit__()
    without, with_ = statistics.median(rates["without"]), statistics.median(rates["with"])
    return {
        "viewers": viewers,
        "tables": tables_count,
        "rounds": rounds,
        "p50_ms": _pct(from_response, 50),
        "p95_ms": _pct(from_response, 95),
        "p95_request_ms": _pct(from_request, 95),
        "max_request_ms": max(from_request or [0]),
        "deliveries": len(from_response),
        "missed": missed,
        "late": late,
        "why": why,
        "kb_per_viewer": (idle["rss1"] - idle["rss0"]) / viewers,
        "nginx_kb_per_viewer": (idle["nginx1"] - idle["nginx0"]) / viewers,
        "cpu_us_per_viewer": (idle["cpu1"] - idle["cpu0"]) / IDLE_SECONDS / viewers * 1e6,
        "uvicorn_mb": idle["rss1"] / 1024,
        "without": without,
        "with": with_,
        "ratio": with_ / without,
        "connect_s": max(connect),
        "loads": loads,
    }


def main() -> None:
    figures = measure()
    print(
        f"\nLive views: {figures['viewers']:,} viewers (half /live/v/ pages, half API streams)"
        f" on {figures['tables']} tables, {PLAYERS} clients logging plays on {PLAYERS} of them,"
        f" {figures['rounds']} round(s) ({machine()});"
        f" load (1/5 min): {'; '.join(figures['loads'])}"
    )
    print_table(
        ["measure", "value", "target"],
        [
            ["to a viewer p50, from the response (ms)", f"{figures['p50_ms']:.0f}", ""],
            ["to a viewer p95, from the response (ms)", f"{figures['p95_ms']:.0f}",
             f"< {TARGETS['p95_ms']:.0f} (2,000), < {TARGETS['big_p95_ms']:.0f} (10,000)"],
            ["to a viewer p95, from the request (ms)", f"{figures['p95_request_ms']:.0f}", ""],
            ["to a viewer max, from the request (ms)", f"{figures['max_request_ms']:.0f}", ""],
            ["deliveries measured", f"{figures['deliveries']:,}", ""],
            ["viewers that missed an event", f"{figures['missed']}", "0"],
            ["viewers not at the last version 15 s after", f"{figures['late']}", "0"],
            ["seconds to open every stream", f"{figures['connect_s']:.1f}", ""],
            ["uvicorn memory per idle viewer (kB)", f"{figures['kb_per_viewer']:.1f}",
             f"<= {TARGETS['kb']:.0f}"],
            ["nginx memory per idle viewer (kB)", f"{figures['nginx_kb_per_viewer']:.1f}", ""],
            ["uvicorn CPU per idle viewer (µs/s)", f"{figures['cpu_us_per_viewer']:.1f}", ""],
            ["8-client card plays/s without viewers", f"{figures['without']:.0f}", ""],
            ["8-client card plays/s with viewers", f"{figures['with']:.0f}", ""],
            ["with / without", f"{figures['ratio']:.2f}", f">= {TARGETS['ratio']:.2f}"],
        ],
    )  # fmt: skip
    for reason in figures["why"]:
        print(f"  missed: {reason}")
