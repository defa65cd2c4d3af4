"""What serving adds to a request: `python -m bench served` (not part of `make bench`).

For each configuration in BENCH_SERVED (`class:workers:threads[:log[:switch]]`, comma
separated; `log` is `-` for the access log on standard output as `make run` has it
(bourre_site/serving.py), `std` for gunicorn's own access logger, `off` for none;
`switch` the workers' GIL switch interval in ms, Python's 5 unless given) the server is
started as `make run` starts it (scripts/serve.sh) and the CPU seconds of its gunicorn
processes (/proc: robust to a shared machine's noise, unlike wall rates; the kernel's
share in brackets) are read around these loads on keep-alive connections, each divided by
the requests it sent:

- `GET /health/` from 1 client, then from 8 (BENCH_SERVED_GETS, 1500, in all): gunicorn
  and the WSGI hand-off with the cheapest Django view (no DRF, no database);
- `GET /api/v1/tables/{id}` from 1 client: the same plus DRF, the key check and one read;
- card plays from 1 client and from 8 clients on 8 tables of 4 clubs (bench/api.py,
  BENCH_SERVED_PLAYS timed plays, 200; 0 skips these and the table read): every request
  of the deal counted, untimed ones too, and the 8 clients' CPU per timed play.

The same `GET /health/` driven in process (the WSGI handler, no socket) gives the floor,
so the difference is gunicorn's own work per request. Configurations alternate over
BENCH_SERVED_ROUNDS rounds (1); the cheapest round of each is shown.
"""

from __future__ import annotations

import http.client
import os
import threading
import time
from typing import Any

from bench import api
from bench._common import machine, print_table
from bench._server import TICKS, Server, _cmdline

CONFIGS = os.environ.get("BENCH_SERVED", "gthread:2:4:-,gthread:2:4:off")
GETS = int(os.environ.get("BENCH_SERVED_GETS", "1500"))
PLAYS = int(os.environ.get("BENCH_SERVED_PLAYS", "200"))
ROUNDS = int(os.environ.get("BENCH_SERVED_ROUNDS", "1"))
COLUMNS = ["table", "play1", "play8", "play8/play", "rate1", "rate8"]

_sent = {"n": 0}
_lock = threading.Lock()
_call = api.TableClient._call


def _counted_call(self: api.TableClient, *args: Any, **kwargs: Any) -> Any:
    with _lock:
        _sent["n"] += 1
    return _call(self, *args, **kwargs)


def _gets(port: int, path: str, headers: dict[str, str], count: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(count):
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status}")
    conn.close()


def _gunicorn_sys(server: Server) -> float:
    """System (kernel) CPU seconds of the gunicorn processes so far."""
    total = 0.0
    for pid in server._descendants():
        if "gunicorn" in _cmdline(pid):
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[12]) + int(fields[14])) / TICKS
    return total


def _per_request(server: Server, run: Any) -> float:
    """Gunicorn CPU ms per request of `run()`, which returns how many it sent."""
    before = server.cpu()["gunicorn"]
    sent = run()
    return (server.cpu()["gunicorn"] - before) * 1000 / sent


def _config(config: str, keys: list[str]) -> dict[str, str]:
    worker_class, workers, threads, *rest = config.split(":")
    names = {
        "BOURRE_GUNICORN_CLASS": worker_class,
        "BOURRE_GUNICORN_WORKERS": workers,
        "BOURRE_GUNICORN_THREADS": threads,
        "BOURRE_ACCESS_LOG": "" if rest and rest[0] == "off" else "-",
    }
    if rest and rest[0] == "std":
        names["BOURRE_GUNICORN_LOGGER"] = "gunicorn.glogging.Logger"
    if len(rest) > 1:  # the interpreter's switch interval in the workers, ms
        names["BOURRE_GUNICORN_SWITCH_MS"] = rest[1]
    os.environ.update(names)
    out: dict[str, str] = {}
    try:
        with Server(api.server_log()) as server:
            auth = {"Authorization": f"Bearer {keys[0]}"}
            _gets(server.port, "/health/", {}, 200)  # warm every worker
            cpu = _per_request(server, lambda: _gets(server.port, "/health/", {}, GETS) or GETS)
            out["health"] = f"{cpu:.2f}"

            def gets8() -> int:
                each = [
                    threading.Thread(target=_gets, args=(server.port, "/health/", {}, GETS // 8))
                    for _ in range(8)
                ]
                for thread in each:
                    thread.start()
                for thread in each:
                    thread.join()
                return GETS // 8 * 8

            cpu = _per_request(server, gets8)
            out["health8"] = f"{cpu:.2f}"
            if not PLAYS:
                return out
            app = api.TableClient(server.port, keys[0], api._deal_script()[0])
            table = f"/api/v1/tables/{app.table}"
            _gets(server.port, table, auth, 100)
            cpu = _per_request(server, lambda: _gets(server.port, table, auth, GETS) or GETS)
            out["table"] = f"{cpu:.2f}"
            api.api_plays(server.port, keys, 8, 80)  # warm: connections, memo, caches
            for clients in (1, 8):
                window: dict[str, float] = {}

                def start(window: dict[str, float] = window) -> None:
                    window.update(
                        cpu=server.cpu()["gunicorn"], sys=_gunicorn_sys(server), sent=_sent["n"]
                    )

                def end(window: dict[str, float] = window) -> None:
                    window["cpu"] = server.cpu()["gunicorn"] - window["cpu"]
                    window["sent"] = _sent["n"] - window["sent"]
                    window["sys"] = _gunicorn_sys(server) - window["sys"]

                m = api.api_plays(server.port, keys, clients, PLAYS, on_start=start, on_end=end)
                cpu = window["cpu"] * 1000 / window["sent"]
                out[f"play{clients}"] = f"{cpu:.2f} ({window['sys'] * 1000 / window['sent']:.2f})"
                out[f"play{clients}/play"] = f"{window['cpu'] * 1000 / m.ops:.2f}"
                out[f"rate{clients}"] = (
                    f"{m.ops_per_second:,.0f} p50 {m.percentile(50):.1f} p99 {m.percentile(99):.1f}"
                )
    finally:
        for name in names:
            os.environ.pop(name, None)
    return out


def _in_process_health() -> float:
    from bench.play_cpu import WsgiClient

    client = WsgiClient("none", {})
    for _ in range(200):
        client.call("GET", "/health/", None)
    began = time.process_time()
    for _ in range(GETS):
        client.call("GET", "/health/", None)
    return (time.process_time() - began) * 1000 / GETS


def main() -> None:
    api.TableClient._call = _counted_call  # type: ignore[method-assign]
    keys = api.club_keys()
    configs = [c.strip() for c in CONFIGS.split(",") if c.strip()]
    results: dict[str, list[dict[str, str]]] = {}
    began = time.perf_counter()
    floor = _in_process_health()
    for _ in range(ROUNDS):
        for config in configs:
            results.setdefault(config, []).append(_config(config, keys))
    print(
        f"machine: {machine()}; load average {os.getloadavg()[0]:.1f} at the end; "
        f"{ROUNDS} round(s), cheapest shown; {time.perf_counter() - began:.0f} s; "
        f"GET /health/ in process: {floor:.2f} ms CPU"
    )
    rows = []
    for config, runs in results.items():
        best = min(runs, key=lambda r: float(r.get("play8", r["health8"]).split()[0]))
        rows.append(
            [
                config,
                min((r["health"] for r in runs), key=float),
                min((r["health8"] for r in runs), key=float),
                *(best.get(name, "") for name in COLUMNS),
            ]
        )
    print_table(
        [
            "class:workers:threads:log",
            "GET /health/",
            "the same, 8 clients",
            "GET table",
            "plays 1 client",
            "plays 8 clients",
            "per timed play (8)",
            "1 client plays/s",
            "8 clients plays/s",
        ],
        rows,
    )
    for config, runs in results.items():
        each = "; ".join(f"{r.get('play8/play', '')} ms, {r.get('rate8', '')}" for r in runs)
        print(f"{config}, 8 clients, each round (CPU per timed play, plays/s): {each}")
    print(
        "gunicorn CPU ms per request, of it in the kernel in brackets (the per timed play"
        " column: the 8 clients' CPU divided by the timed plays)"
    )
