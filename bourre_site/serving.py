"""Gunicorn's per-request work, for `make run` (bourre_site/gunicorn_conf.py).

`AccessLogger` writes the line gunicorn writes by default (Apache's combined format) plus
the milliseconds taken, from the nine values it needs: gunicorn's own logger builds a dict
of every request header, response header and environ entry of each request to pick them.
Measured with `python -m bench served` (docs/decisions/0022-the-access-log-from-nine-values.md):
a small part of gunicorn's 0.25 to 0.5 ms of CPU per request (29 against 9.4 µs a line), and
the same line.
No header is logged: a request's `Authorization` never reaches the log.
"""

from __future__ import annotations

import time
from typing import Any

from gunicorn.glogging import Logger


class AccessLogger(Logger):
    """`h - - t "r" s b "f" "a"` and the time taken, e.g. `... 201 291 "-" "-" 4.2ms`."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        if not self.cfg.accesslog:  # syslog or a logging config: gunicorn's own way
            return super().access(resp, req, environ, request_time)
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        sent = getattr(resp, "sent", None)
        try:
            self.access_log.info(
                '%s - - %s "%s %s %s" %s %s "%s" "%s" %.1fms',
                environ.get("REMOTE_ADDR", "-"),
                time.strftime("[%d/%b/%Y:%H:%M:%S %z]"),
                environ["REQUEST_METHOD"],
                environ["RAW_URI"],
                environ["SERVER_PROTOCOL"],
                status,
                "-" if sent is None else sent,
                environ.get("HTTP_REFERER", "-"),
                environ.get("HTTP_USER_AGENT", "-"),
                request_time.total_seconds() * 1000,
            )
        except Exception:
            self.exception("access log")
