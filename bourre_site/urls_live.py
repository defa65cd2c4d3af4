"""The ASGI app's routes: the live streams (async views), then the rest of the site."""

from django.urls import URLResolver, include, path

from bourre_site.urls import urlpatterns as site_urlpatterns
from live.api.stream import table_stream_api
from live.stream_urls import asgi_patterns

urlpatterns = [
    path("live/", include((asgi_patterns, "live-stream"))),
    path("api/v1/tables/<uuid:table_id>/stream", table_stream_api),
    *(
        p
        for p in site_urlpatterns
        if not (isinstance(p, URLResolver) and p.namespace == "live-stream")
    ),
]
