"""`X-Request-ID` on every answer: the client's own when it is sane, else one made here.

A tablet that logs a card and gets an error can quote the id; the operator finds the same
id in the access log (bourre_site/serving.py writes the answer's `X-Request-ID`) and in the
error's body (`error.request_id`). A client's id is taken as it is when it is 1 to 128
characters of letters, digits and `._:/+=@-` (a UUID, a ULID, `tablet-3.417`): anything
else (a space, a quote, a control character, a newline that would split a log line) is
replaced by a fresh id, never echoed.

Outermost of the middleware (and around the live streams, bourre_site/asgi.py), so every
answer carries it, the guard's refusals and the rate limit's 429 included.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from os import urandom
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse

HEADER = "X-Request-ID"
_META = "HTTP_X_REQUEST_ID"
_SANE = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")
_API = "/api/"


def request_id_of(request: HttpRequest) -> str:
    """The request's id: set once, by the middleware (made here if it has not run)."""
    given = getattr(request, "request_id", None)
    if given is None:
        sent = request.META.get(_META, "")
        given = sent if sent and _SANE.fullmatch(sent) else urandom(16).hex()
        request.request_id = given  # type: ignore[attr-defined]
    return given  # type: ignore[no-any-return]


def _stamp(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    request_id = request_id_of(request)
    response[HEADER] = request_id
    if (
        response.status_code >= 400
        and request.path.startswith(_API)
        and not response.streaming
        and response.get("Content-Type", "").startswith("application/json")
    ):
        _into_error(response, request_id)
    return response


def _into_error(response: HttpResponse, request_id: str) -> None:
    """The id into the envelope (`{"error": {..., "request_id": ...}}`): errors only, so a
    success's bytes (an idempotent replay's) are never touched."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict) and "request_id" not in error:
        error["request_id"] = request_id
        response.content = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        if response.has_header("Content-Length"):  # set further in (CommonMiddleware)
            response["Content-Length"] = str(len(response.content))


class RequestIdMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse | Awaitable[HttpResponse]:
        request_id_of(request)
        if self.is_async:
            return self._acall(request)
        return _stamp(request, self.get_response(request))

    async def _acall(self, request: HttpRequest) -> HttpResponse:
        return _stamp(request, await self.get_response(request))
