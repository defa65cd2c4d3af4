"""CORS for the API (django-cors-headers), paid only by the requests that need it.

A table app on a tablet or a server sends no `Origin`; only a browser's cross-origin call
(and its preflight) does. Those without one pass straight through: the library's checks
and its `Vary: Origin` cost a card play about 40 Python calls, and the API's answers are
`private, no-store` (bourre_site/headers.py), so no shared cache keeps one for another
origin."""

from __future__ import annotations

from typing import Any

from corsheaders.middleware import CorsMiddleware
from django.http import HttpRequest


class ApiCorsMiddleware(CorsMiddleware):
    def __call__(self, request: HttpRequest) -> Any:
        if "HTTP_ORIGIN" not in request.META:
            return self.get_response(request)  # awaited by the caller in async mode
        return super().__call__(request)
