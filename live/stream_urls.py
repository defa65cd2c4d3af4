"""The streams' URLs, reversed as `live-stream:table` / `live-stream:viewer` by the pages.

The ASGI app serves them (`asgi_patterns`, through `bourre_site.urls_live`). Reached on
the WSGI app (gunicorn without nginx in front), the same URLs answer 204, which tells an
EventSource to stop reconnecting: the page then refreshes itself periodically instead.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from live.streams import table_stream, viewer_stream

app_name = "live-stream"


def no_push_here(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=204)


asgi_patterns = [
    path("tables/<uuid:table_id>", table_stream, name="table"),
    path("v/<str:token>", viewer_stream, name="viewer"),
]
urlpatterns = [
    path("tables/<uuid:table_id>", no_push_here, name="table"),
    path("v/<str:token>", no_push_here, name="viewer"),
]
