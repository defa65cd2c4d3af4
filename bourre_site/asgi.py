"""ASGI entry point: the live app, served by uvicorn on var/run/asgi-$BOURRE_PORT.sock
(scripts/serve.sh) beside gunicorn. nginx sends it `/live/` and
`/api/v1/tables/{id}/stream`: held-open Server-Sent Events streams, each a coroutine here
rather than one of gunicorn's threads (docs/ui.md, "Live views").

The streams go to a handler without Django's middleware and per-request thread-sensitive
context: with them, the sync middleware would run in a thread kept for the request's whole
life, i.e. one idle thread per open stream. Only CORS wraps them (async, no thread), so a
browser app on another origin reads the API's stream as it reads the rest of the API, and
the API guard answers a database that cannot be reached (a 503, not a 500). The
stream views read the session or key themselves (`live.streams`, `live.api.stream`). Any
other path is the whole Django site (the tests use it so; behind nginx it gets none).
"""

import os
import re

import django
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.exception import convert_exception_to_response

from api_common.cors import ApiCorsMiddleware
from api_common.guard import ApiGuardMiddleware

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
# The web's bounds on its database sessions (settings.WEB_DB_TIMEOUTS).
os.environ.setdefault("BOURRE_DB_TIMEOUTS", "1")
django.setup(set_prefix=False)

LIVE_URLCONF = "bourre_site.urls_live"
STREAM_PATH = re.compile(r"^/live/|^/api/v1/tables/[^/]+/stream$")


class SiteHandler(ASGIHandler):
    def resolve_request(self, request):  # type: ignore[no-untyped-def]
        request.urlconf = LIVE_URLCONF
        return super().resolve_request(request)


class StreamHandler(SiteHandler):
    def load_middleware(self, is_async=False):  # type: ignore[no-untyped-def]
        self._view_middleware = []
        self._template_response_middleware = []
        # A database that cannot be reached as a stream opens: the API's 503 with
        # Retry-After (a short page for the app's streams), as gunicorn answers, not a 500.
        self._exception_middleware = [ApiGuardMiddleware(lambda request: None).process_exception]
        self._middleware_chain = ApiCorsMiddleware(
            convert_exception_to_response(self._get_response_async)
        )

    async def __call__(self, scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] != "http":
            raise ValueError(f"the live app serves HTTP only, not {scope['type']}")
        await self.handle(scope, receive, send)


site = SiteHandler()
streams = StreamHandler()


async def application(scope, receive, send):  # type: ignore[no-untyped-def]
    if scope["type"] == "http" and STREAM_PATH.match(scope.get("path", "")):
        await streams(scope, receive, send)
    else:
        await site(scope, receive, send)
