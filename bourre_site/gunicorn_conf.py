"""Gunicorn settings for `make run` (scripts/serve.sh) and the HTTP benchmark, in one place.

Why these (measured with `make bench` in quick mode; docs/performance.md, "Serving"):
a request is CPU-bound Python (DRF, the engine fold, rendering) plus a few short database
round trips, on a 2-core machine shared with PostgreSQL and the Celery worker. The
threaded worker keeps idle keep-alive connections in its poller instead of tying up a
process per client (the sync worker closes the connection after every response); a
couple of threads per process overlap a request's database waits with another's Python.
More processes than cores only add context switches and memory.
"""

from __future__ import annotations

import os

bind = f"{os.environ.get('BOURRE_HOST', '127.0.0.1')}:{os.environ.get('BOURRE_PORT', '8000')}"
worker_class = os.environ.get("BOURRE_GUNICORN_CLASS", "gthread")
workers = int(os.environ.get("BOURRE_GUNICORN_WORKERS", "2"))
threads = int(os.environ.get("BOURRE_GUNICORN_THREADS", "4"))
keepalive = 30
accesslog = os.environ.get("BOURRE_ACCESS_LOG", "-") or None
