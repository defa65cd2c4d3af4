"""ASGI entry point: the live app, served by uvicorn on var/run/asgi-$BOURRE_PORT.sock
(scripts/serve.sh) beside gunicorn. nginx sends it `/live/` and
`/api/v1/tables/{id}/stream`: held-open Server-Sent Events streams, each a coroutine here
rather than one of gunicorn's threads (docs/ui.md, "Live views").

It is the whole Django site (so it serves every page too, as the tests use it), with the
streams' async views resolved first (`bourre_site.urls_live`).
"""

import os

import django
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
django.setup(set_prefix=False)

LIVE_URLCONF = "bourre_site.urls_live"


class LiveHandler(ASGIHandler):
    def resolve_request(self, request):  # type: ignore[no-untyped-def]
        request.urlconf = LIVE_URLCONF
        return super().resolve_request(request)


application = LiveHandler()
