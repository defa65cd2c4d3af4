"""Where a card play's time goes, over HTTP: `make bench BENCH=profile`.

Serves with scripts/serve.sh (one gunicorn worker, one thread, so the samples are one
request at a time), plays louisiana deals from one client as bench/api.py does, and has
pyinstrument sample the card-play requests inside the worker (the hooks in
bourre_site/gunicorn_conf.py). Prints the top of the combined profile; the whole text and
an HTML view are left in var/run/profile/.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from django.conf import settings

from bench import api
from bench._server import Server

PLAYS = int(os.environ.get("BENCH_PROFILE_PLAYS", "300"))
TOP_LINES = 60


def main() -> None:
    out = Path(settings.BASE_DIR) / "var" / "run" / "profile"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    os.environ.update(
        BOURRE_PROFILE_DIR=str(out), BOURRE_GUNICORN_WORKERS="1", BOURRE_GUNICORN_THREADS="1"
    )
    try:
        keys = api.club_keys(1)
        with Server(api.server_log()) as server:
            transcript, script = api._deal_script()
            app = api.TableClient(server.port, keys[0], transcript)
            for event in script * 2:  # warm-up
                app.log(event)
            profiled, step, began = 0, 0, time.perf_counter()
            while profiled < PLAYS:
                event = script[step % len(script)]
                step += 1
                if "play" in event:
                    app.headers["X-Bench-Profile"] = "1"
                    profiled += 1
                app.log(event)
                app.headers.pop("X-Bench-Profile", None)
            print(f"{profiled} card plays profiled in {time.perf_counter() - began:.1f} s")
            app.conn.close()
    finally:
        for name in ("BOURRE_PROFILE_DIR", "BOURRE_GUNICORN_WORKERS", "BOURRE_GUNICORN_THREADS"):
            os.environ.pop(name, None)
    deadline = time.monotonic() + 10
    while not list(out.glob("*.txt")) and time.monotonic() < deadline:
        time.sleep(0.2)
    for report in sorted(out.glob("*.txt")):
        lines = report.read_text().splitlines()
        print("\n".join(lines[:TOP_LINES]))
        print(f"... the whole profile: {report} (and {report.with_suffix('.html')})")
