"""CPU per card play, in process: `python -m bench play_cpu` (not part of `make bench`).

Drives the WSGI application itself (every middleware, DRF, the service, the database; no
gunicorn, no socket) with the requests bench/api.py sends: one table, louisiana deals one
event per request, the 20 card plays of each deal timed. Reports per card play the CPU time
of this process (`time.process_time`: the Django side, robust to a shared machine's noise
where wall time is not), the CPU of the PostgreSQL backend serving this process's
connection (read from /proc), the wall time, and the Python function calls (cProfile).
`BENCH_PLAY_CPU_PLAYS` (600) sets the number of timed plays; `BENCH_PLAY_CPU_HEADERS`
adds request headers (`Name: value; Name2: value2`), e.g. `Prefer: return=minimal`;
`BENCH_PLAY_CPU_KEYED=1` gives every request its own `Idempotency-Key`, as the table app does;
`BENCH_PLAY_CPU_PROFILE=1` prints the top of the cProfile by cumulative time.
`BENCH_PLAY_CPU_FLOOR=1` (with `BOURRE_BENCH_FLOOR=1`, which mounts it) measures the floor
endpoint's posts instead (bench/floor.py), every one timed: the two profiles side by side
say what a card play runs that the floor does not.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import time
from collections.abc import Callable
from typing import Any

from django.core.handlers.wsgi import WSGIHandler
from django.db import connection

from bench import api

PLAYS = int(os.environ.get("BENCH_PLAY_CPU_PLAYS", "600"))
FLOOR = bool(os.environ.get("BENCH_PLAY_CPU_FLOOR"))


def _extra_headers() -> dict[str, str]:
    spec = os.environ.get("BENCH_PLAY_CPU_HEADERS", "")
    pairs = [item.split(":", 1) for item in spec.split(";") if ":" in item]
    return {name.strip(): value.strip() for name, value in pairs}


class WsgiClient:
    """Requests straight into the WSGI handler, as gunicorn would hand them over."""

    def __init__(self, key: str, headers: dict[str, str]) -> None:
        self.app = WSGIHandler()
        self.headers = {"Authorization": f"Bearer {key}", **headers}

    def call(self, method: str, path: str, body: Any) -> tuple[int, bytes]:
        data = json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(data)),
            "HTTP_HOST": "127.0.0.1:8000",
            "wsgi.input": io.BytesIO(data),
            "wsgi.url_scheme": "http",
            "wsgi.errors": io.StringIO(),
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
        }
        if os.environ.get("BENCH_PLAY_CPU_KEYED"):  # as the table app posts: each step keyed
            self.sent = getattr(self, "sent", 0) + 1
            environ["HTTP_IDEMPOTENCY_KEY"] = f"step-{os.getpid()}-{self.sent}"
        for name, value in self.headers.items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        status: list[str] = []
        chunks = self.app(environ, lambda s, h, exc_info=None: status.append(s))
        content = b"".join(chunks)
        if hasattr(chunks, "close"):
            chunks.close()
        return int(status[0].split()[0]), content


def _quietest(each: list[float], block: int = 20) -> float:
    """The mean CPU per play of the cheapest run of `block` plays: on a shared machine
    other processes only ever add to a play's CPU time (caches, frequency), so the lowest
    block is the steadiest figure to compare two versions by."""
    blocks = [each[i : i + block] for i in range(0, len(each) - block + 1, block)]
    return min(sum(b) / len(b) for b in blocks)


def _backend_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a local process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# What `BENCH_PLAY_CPU_PARTS=1` times (inclusive CPU, without a profiler's distortion).
PARTS = [
    ("django.core.handlers.wsgi", "WSGIHandler", "__call__"),
    ("rest_framework.views", "APIView", "dispatch"),
    ("rest_framework.views", "APIView", "initial"),
    ("clubs.api.authentication", "ApiKeyAuthentication", "authenticate"),
    ("games.api.events", "TableEventsApi", "post"),
    ("games.api.events", None, "_append_body"),
    ("games.api.events", None, "table_events_append"),
    ("games.api.events", None, "commands_parse"),
    ("games.services.events", None, "decide"),
    ("games.sitting.repository", "Tables", "load"),
    ("games.sitting.postgres", None, "row_read"),
    ("games.services.events", "Save", "of"),
    ("games.sitting.repository", None, "dump_state"),
    ("games.sitting.aggregate", "TableFold", "view"),
    ("games.services.events", None, "response_json"),
    ("games.sitting.repository", "Tables", "save"),
    ("games.sitting.postgres", None, "append"),
    ("games.sitting.postgres", None, "project_inline"),
    ("eventlog.writer", None, "_execute"),
    ("eventlog.writer", None, "canonical_json"),
    ("eventlog.registry", None, "wake_followers"),
    ("eventlog.registry", None, "wakes_run"),
    ("projectors.wake", None, "_enqueue_catch_up"),
    ("projectors.wake", None, "pending_mark"),
    ("webhooks.wake", None, "_enqueue_sweep"),
    ("live.feed", None, "_publish"),
    ("games.api.events", None, "request_context"),
    ("games.api.events", None, "_logged_url"),
    ("games.services.events", None, "_request_hash"),
]


THREAD_PARTS = {"wakes_run", "_enqueue_catch_up", "pending_mark", "_enqueue_sweep", "_publish"}


def _timed_parts() -> dict[str, list[Any]]:
    import importlib

    totals: dict[str, list[Any]] = {}
    if not os.environ.get("BENCH_PLAY_CPU_PARTS"):
        return totals
    for module_name, owner_name, name in PARTS:
        module = importlib.import_module(module_name)
        owner = getattr(module, owner_name) if owner_name else module
        original = getattr(owner, name)
        total = totals.setdefault(f"{owner_name or module_name}.{name}", [0.0, 0])

        # The followers' wake runs in its own thread (the waker), beside the next request:
        # its own thread's CPU, not the process's.
        clock = time.thread_time if name in THREAD_PARTS else time.process_time

        def timed(
            *args: Any,
            _original: Any = original,
            _total: Any = total,
            _clock: Any = clock,
            **kw: Any,
        ) -> Any:
            began = _clock()
            try:
                return _original(*args, **kw)
            finally:
                _total[0] += _clock() - began
                _total[1] += 1

        setattr(owner, name, timed)
    return totals


def _steps(script: list[dict[str, Any]], log: Callable[[dict[str, Any]], None]) -> None:
    """`BENCH_PLAY_CPU_STEPS=1`: the CPU of each request of a deal (the deal, the
    declarations, each card play), the median over `BENCH_PLAY_CPU_DEALS` (20) deals."""
    deals = int(os.environ.get("BENCH_PLAY_CPU_DEALS", "20"))
    spent: list[list[float]] = [[] for _ in script]
    profiled = os.environ.get("BENCH_PLAY_CPU_STEP_PROFILE")  # a step's index: its cProfile
    profile = cProfile.Profile(time.process_time)
    for _ in range(deals):
        for index, event in enumerate(script):
            began = time.process_time()
            if profiled == str(index):
                profile.enable()
            log(event)
            if profiled == str(index):
                profile.disable()
            spent[index].append(time.process_time() - began)
    if profiled:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(60)
        print(out.getvalue())
    calls = []
    for event in script:  # one more deal, for the Python function calls of each request
        counter = cProfile.Profile()
        counter.enable()
        log(event)
        counter.disable()
        calls.append(sum(v[1] for v in pstats.Stats(counter).stats.values()))  # type: ignore[attr-defined]
    for index, event in enumerate(script):
        kind = "deal" if "deal" in event else "play" if "play" in event else "declare"
        median = sorted(spent[index])[len(spent[index]) // 2]
        print(
            f"  step {index:2d} {kind:8s} {median * 1000:6.2f} ms CPU (median), "
            f"{calls[index]:,} Python function calls"
        )
    total = sum(sorted(s)[len(s) // 2] for s in spent)
    plays = sum(1 for event in script if "play" in event)
    per_play = total / plays * 1000
    print(f"  a deal's requests: {total * 1000:.2f} ms CPU, {per_play:.2f} per card play")


def _floor_poster(client: WsgiClient, requests: dict[str, int]) -> Callable[[dict[str, Any]], None]:
    """Posts to the floor endpoint in place of the table's events (the body a card play
    posts), for `BENCH_PLAY_CPU_FLOOR=1`."""
    from django.conf import settings

    from bench import floor

    if not settings.BENCH_FLOOR:
        raise SystemExit("BENCH_PLAY_CPU_FLOOR=1 needs BOURRE_BENCH_FLOOR=1 (the floor mounted)")
    floor.prepare_floor_table()

    def post(event: dict[str, Any]) -> None:
        requests["n"] += 1
        code, content = client.call("POST", floor.URL, floor.BODY)
        if code != 201:
            raise RuntimeError(f"{code} {content[:300]!r}")

    return post


def main() -> None:
    transcript, script = api._deal_script()
    key = api.club_keys(1)[0]
    client = WsgiClient(key, _extra_headers())
    created = json.loads(
        client.call(
            "POST",
            "/api/v1/tables",
            {
                "name": "bench",
                "variant": transcript["variant"],
                "players": transcript["players"],
                "options": {"pot_limit": 50},
            },
        )[1]
    )
    table, version = created["id"], created["version"]

    requests = {"n": 0}

    def log(event: dict[str, Any]) -> None:
        nonlocal version
        requests["n"] += 1
        code, content = client.call(
            "POST",
            f"/api/v1/tables/{table}/events",
            {"expected_version": version, "events": [event]},
        )
        if code != 201:
            raise RuntimeError(f"{code} {content[:300]!r}")
        version = json.loads(content)["version"]

    # One backend for the whole run, whose CPU is read from /proc: on a busy machine the
    # run outlasts CONN_MAX_AGE, and the end of a request would close the connection.
    connection.settings_dict["CONN_MAX_AGE"] = None
    for event in script * 2:  # warm-up: caches, the connection, the snapshot cache
        log(event)
    connection.close_at = None  # set when it connected, from the setting then
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]

    # What the timed requests post: the card play, or the floor's body to the floor.
    send = _floor_poster(client, requests) if FLOOR else log

    def run(timed: Callable[[dict[str, Any]], None]) -> int:
        plays, step = 0, 0
        while plays < PLAYS:
            event = script[step % len(script)]
            step += 1
            if FLOOR or "play" in event:
                timed(event)
                plays += 1
            else:
                log(event)
        return plays

    spent = {"cpu": 0.0, "wall": 0.0, "pg": 0.0}
    each: list[float] = []

    def timed(event: dict[str, Any]) -> None:
        pg, cpu, wall = _backend_cpu(backend), time.process_time(), time.perf_counter()
        send(event)
        spent["wall"] += time.perf_counter() - wall
        each.append(time.process_time() - cpu)
        spent["cpu"] += each[-1]
        spent["pg"] += _backend_cpu(backend) - pg

    if os.environ.get("BENCH_PLAY_CPU_STEPS") and not FLOOR:
        _steps(script, log)
    parts = _timed_parts()
    plays = run(timed)
    for name, seconds in parts.items():
        print(f"  {name}: {seconds[0] / plays * 1000:.3f} ms CPU per play ({seconds[1]} calls)")
    profile = cProfile.Profile(time.process_time)  # CPU, not waits
    profiled = {"calls": 0}

    def counted(event: dict[str, Any]) -> None:
        profile.enable()
        send(event)
        profile.disable()

    queries: list[str] = []

    def note(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        queries.append(sql.split()[0] if sql else "?")
        return execute(sql, params, many, context)

    import psycopg

    waits = {"n": 0}
    wait = psycopg.Connection.wait

    def counting_wait(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        name = getattr(args[0], "__qualname__", "?")
        # A statement (a transaction's first also sends BEGIN) or a COMMIT: round trips.
        if name in ("BaseCursor._execute_gen", "BaseConnection._commit_gen"):
            waits["n"] += 1
            waits[name] = waits.get(name, 0) + 1
        return wait(self, *args, **kwargs)

    psycopg.Connection.wait = counting_wait  # type: ignore[method-assign]
    try:
        with connection.execute_wrapper(note):
            before = requests["n"]
            run(counted)
            counted_requests = requests["n"] - before
    finally:
        psycopg.Connection.wait = wait  # type: ignore[method-assign]
    stats = pstats.Stats(profile)
    profiled["calls"] = sum(v[1] for v in stats.stats.values())  # type: ignore[attr-defined]
    headers = os.environ.get("BENCH_PLAY_CPU_HEADERS") or "none"
    if os.environ.get("BENCH_PLAY_CPU_TRIPS"):
        print({name: round(n / counted_requests, 2) for name, n in waits.items()})
    print(
        f"{plays} card plays in process (extra headers: {headers}); per play: "
        f"Django CPU {spent['cpu'] / plays * 1000:.2f} ms (quietest deal's plays: "
        f"{_quietest(each) * 1000:.2f} ms), "
        f"PostgreSQL backend CPU {spent['pg'] / plays * 1000:.2f} ms (clock ticks), "
        f"wall {spent['wall'] / plays * 1000:.2f} ms, "
        f"{profiled['calls'] / plays:,.0f} Python function calls, "
        f"per request (plays and the untimed deal and declarations): "
        f"{len(queries) / counted_requests:.2f} statements through Django, "
        f"{waits['n'] / counted_requests:.2f} statements and commits sent; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    dump = os.environ.get("BENCH_PLAY_CPU_PSTATS")
    if dump:  # for pstats (or snakeviz), e.g. to put a play's profile beside the floor's
        profile.dump_stats(dump)
    if os.environ.get("BENCH_PLAY_CPU_PROFILE"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(45)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(30)
        print(out.getvalue())
    callers = os.environ.get("BENCH_PLAY_CPU_CALLERS")
    if callers:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).print_callers(callers)
        print(out.getvalue())
    names = os.environ.get("BENCH_PLAY_CPU_FUNCTIONS")
    if names:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(names)
        print(out.getvalue())
