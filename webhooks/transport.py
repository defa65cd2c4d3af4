"""One POST, with nothing between us and the receiver: no proxies from the environment,
no redirects followed (a 3xx is a failure), and a hard timeout."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PostResult:
    status_code: int | None
    error: str
    duration_ms: int

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())
ERROR_LIMIT = 500


def http_post(*, url: str, body: bytes, headers: dict[str, str], timeout: float) -> PostResult:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    started = time.monotonic()
    status: int | None = None
    error = ""
    try:
        with _opener.open(request, timeout=timeout) as response:
            status = response.status
            response.read(ERROR_LIMIT)
    except urllib.error.HTTPError as exc:
        status = exc.code
        try:
            text = exc.read(ERROR_LIMIT).decode("utf-8", "replace")
        except Exception:  # the body is only a hint for the club's admin
            text = ""
        error = f"HTTP {exc.code}: {text}".strip()
    except urllib.error.URLError as exc:
        error = f"connection error: {exc.reason}"
    except TimeoutError:
        error = f"timed out after {timeout:g}s"
    except OSError as exc:
        error = f"connection error: {exc}"
    duration_ms = int((time.monotonic() - started) * 1000)
    return PostResult(status_code=status, error=error[:ERROR_LIMIT], duration_ms=duration_ms)
