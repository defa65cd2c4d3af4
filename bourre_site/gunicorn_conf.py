"""Gunicorn settings for `make run` (scripts/serve.sh) and the HTTP benchmark, in one place.

Why these (measured with `make bench BENCH=serving`;
docs/decisions/0018-gthread-two-workers-of-four-threads.md): a request is CPU-bound Python
(DRF, the engine fold, rendering) plus a few short database round trips, on a 2-core
machine shared with PostgreSQL and the Celery worker. The threaded worker keeps idle
keep-alive connections in its poller instead of tying up a process per client (the sync
worker closes the connection after every response); a couple of threads per process
overlap a request's database waits with another's Python. More processes than cores only
add context switches and memory. What serving adds per request (gunicorn's own work, the
access log) is measured with `python -m bench served` (docs/performance.md, "How to
profile"; the access log: docs/decisions/0022-the-access-log-from-nine-values.md).
"""

from __future__ import annotations

import os

# scripts/serve.sh binds a unix socket behind nginx (BOURRE_GUNICORN_BIND=unix:PATH); run
# alone (the Dockerfile, the fault tests) gunicorn listens on BOURRE_HOST:BOURRE_PORT.
bind = os.environ.get("BOURRE_GUNICORN_BIND") or (
    f"{os.environ.get('BOURRE_HOST', '127.0.0.1')}:{os.environ.get('BOURRE_PORT', '8000')}"
)
worker_class = os.environ.get("BOURRE_GUNICORN_CLASS", "gthread")
workers = int(os.environ.get("BOURRE_GUNICORN_WORKERS", "2"))
threads = int(os.environ.get("BOURRE_GUNICORN_THREADS", "4"))
# Idle keep-alive connections (decision record 0034): nginx closes its idle connections to
# gunicorn after BOURRE_UPSTREAM_KEEPALIVE seconds (scripts/env.sh, the template's upstream
# `keepalive_timeout`); gunicorn keeps them three times as long, so it never closes one
# that nginx may be sending a request on at that very moment (which nginx answered with a
# 502: `recv() failed (104: Connection reset by peer)`). gthread looks for idle
# connections once a second, hence a margin of seconds rather than a fraction of one.
UPSTREAM_KEEPALIVE = int(os.environ.get("BOURRE_UPSTREAM_KEEPALIVE") or "20")
keepalive = int(os.environ.get("BOURRE_GUNICORN_KEEPALIVE") or 3 * UPSTREAM_KEEPALIVE)
# Behind nginx (a unix socket only nginx reaches), nginx bounds the request line and the
# headers (8 kB each, 32 kB in all) and answers beyond them in the API's envelope: gunicorn
# takes what it is passed rather than answer its own HTML 400 below nginx's bounds (its
# defaults: a 4,094-byte request line, 100 headers). Alone on TCP it keeps its defaults.
if bind.startswith("unix:"):
    limit_request_line = 0  # no limit
    limit_request_field_size = 0
    limit_request_fields = 32768
accesslog = os.environ.get("BOURRE_ACCESS_LOG", "-") or None
logger_class = os.environ.get("BOURRE_GUNICORN_LOGGER", "bourre_site.serving.AccessLogger")


# Each worker, once the application is loaded, moves every object it has so far (Django,
# DRF, the engine's tables: some 120,000) into the collector's permanent generation: they
# live as long as the process, and a full collection does not walk them. Measured in
# process on card plays (docs/decisions/0020-gc-freeze-in-each-worker.md): the first full
# collection 136 ms of CPU against 17 ms frozen (it lands on one request, and stalls the
# process's other threads with it), the collector's CPU per request 0.27 ms against 0.13.
# Larger thresholds were slower (each young collection walks more).
# BOURRE_GUNICORN_GC_FREEZE=0 leaves the collector as Python has it (for an A/B).
if os.environ.get("BOURRE_GUNICORN_GC_FREEZE", "1") != "0":

    def post_worker_init(worker: object) -> None:
        import gc

        gc.collect()
        gc.freeze()


# The workers' GIL switch interval, if set (ms; Python's own is 5): a thread whose database
# answer has come back may wait that long behind another thread's Python at each round
# trip. Measured at 1 ms against 5 on the 8-client load
# (docs/decisions/0021-gil-switch-interval-left-at-5-ms.md): no difference beyond the
# shared machine's noise, so it is left at the interpreter's default; the knob is for a
# quiet machine's comparison.
if os.environ.get("BOURRE_GUNICORN_SWITCH_MS"):
    _switch_interval_ms = float(os.environ["BOURRE_GUNICORN_SWITCH_MS"])

    def post_fork(server: object, worker: object) -> None:
        import sys

        sys.setswitchinterval(_switch_interval_ms / 1000)


# Profiling (`make bench BENCH=profile`): with BOURRE_PROFILE_DIR set, every request that
# carries `X-Bench-Profile: 1` is sampled by pyinstrument (a dev dependency) and each worker
# writes the combined profile of those requests to that directory as it exits.
if os.environ.get("BOURRE_PROFILE_DIR"):
    from typing import Any

    _profiler: Any = None

    def pre_request(worker: Any, req: Any) -> None:
        global _profiler
        if ("X-BENCH-PROFILE", "1") not in req.headers:
            return
        if _profiler is None:
            from pyinstrument import Profiler

            _profiler = Profiler(interval=0.0005)
        _profiler.start()

    def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
        if _profiler is not None and _profiler.is_running:
            _profiler.stop()

    def worker_exit(server: Any, worker: Any) -> None:
        if _profiler is None or _profiler.last_session is None:
            return
        out = os.path.join(os.environ["BOURRE_PROFILE_DIR"], f"profile-{os.getpid()}")
        with open(out + ".txt", "w") as text:
            text.write(_profiler.output_text(unicode=True, color=False, show_all=False))
        with open(out + ".html", "w") as html:
            html.write(_profiler.output_html())
