"""One POST, with nothing between us and the receiver: no proxies from the environment,
no redirects followed (a 3xx is a failure), a hard timeout, and a connection only to an
address `webhooks.targets` allows (checked when connecting, not before: DNS may change).

What the delivery log records of a failure is what the club's admin needs (the receiver's
status and the start of its answer, a timeout, a refusal), never the operating system's
error text: that told which internal ports were open."""

from __future__ import annotations

import http.client
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from webhooks.targets import TargetRefused, checked_address


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


def _checked_connection(
    address: tuple[str, int], timeout: float, source_address: Any = None
) -> socket.socket:
    host, port = address
    return socket.create_connection((checked_address(host, port), port), timeout, source_address)


class _CheckedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _checked_connection  # type: ignore[assignment]


class _CheckedHTTPSConnection(http.client.HTTPSConnection):
    # TLS still verifies the certificate against the URL's host name.
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _checked_connection  # type: ignore[assignment]


class _CheckedHTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: Any) -> Any:
        return self.do_open(_CheckedHTTPConnection, req)


class _CheckedHTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req: Any) -> Any:
        return self.do_open(_CheckedHTTPSConnection, req, context=self._context)  # type: ignore[attr-defined]


_opener = urllib.request.build_opener(
    urllib.request.ProxyHandler({}), _NoRedirect(), _CheckedHTTPHandler(), _CheckedHTTPSHandler()
)
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
    except TargetRefused as exc:
        error = f"refused: {exc} (webhooks reach public addresses only)"
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, TimeoutError | socket.timeout):
            error = f"timed out after {timeout:g}s"
        else:
            error = "connection error: could not connect"
    except TimeoutError:
        error = f"timed out after {timeout:g}s"
    except OSError:
        error = "connection error: the connection failed"
    duration_ms = int((time.monotonic() - started) * 1000)
    return PostResult(status_code=status, error=error[:ERROR_LIMIT], duration_ms=duration_ms)
