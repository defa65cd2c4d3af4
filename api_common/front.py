"""The client's address behind the buffering front (scripts/nginx.conf.template).

scripts/serve.sh runs gunicorn on a unix socket that only nginx connects to, so Django sees
an empty REMOTE_ADDR; nginx sends the address it accepted the connection from as
`X-Real-IP` (replacing any a client sent). This middleware puts it back in REMOTE_ADDR, for
the sign-in throttle (per address) and the access log. A request that came over TCP
(gunicorn alone, the test client) keeps its own REMOTE_ADDR: a header a client sends
there is never believed."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class FrontAddressMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.META.get("REMOTE_ADDR"):
            forwarded = request.META.get("HTTP_X_REAL_IP", "").strip()
            if forwarded:
                request.META["REMOTE_ADDR"] = forwarded
        return self.get_response(request)
