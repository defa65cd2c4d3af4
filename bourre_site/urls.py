"""Top-level routes: the table app, the versioned API and its OpenAPI schema and docs."""

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, JsonResponse
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

from api_common.schema import SchemaView
from bourre_site import asyncapi
from tableapp.views import club, errors


def health(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


handler404 = "tableapp.views.errors.not_found"
handler403 = "tableapp.views.errors.forbidden"

api_v1: list = [
    path("", include("clubs.api.urls")),
    path("", include("games.api.urls")),
    path("", include("audits.api.urls")),
    path("", include("exports.api.urls")),
    path("", include("projectors.api.urls")),
    path("", include("seasons.api.urls")),
    path("", include("webhooks.api.urls")),
    path("", include("ledger.api.urls")),
    path("", include("live.api.urls")),
    path("", include("transparency.api.urls")),
]
if settings.BENCH_FLOOR:  # the benchmarks' floor: a minimal authenticated write (bench/floor.py)
    api_v1.append(path("", include("bench.floor")))

urlpatterns = [
    path("health/", health, name="health"),
    # The operators' view of the projections' lag (staff only, as the API's operator role).
    path("admin/projections/", admin.site.admin_view(club.projections), name="admin-projections"),
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "api"), namespace="v1")),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    # The stream and the webhooks, as AsyncAPI 3.0 (bourre_site/asyncapi.py).
    path("api/asyncapi.yaml", asyncapi.asyncapi_yaml, name="asyncapi-yaml"),
    path("api/asyncapi.json", asyncapi.asyncapi_json, name="asyncapi-json"),
    # The split view serves Swagger UI's initialiser as a script URL, not inline, for the
    # Content-Security-Policy (bourre_site/headers.py, which also keeps images on this host).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    # Our copy of the ReDoc page: the package's loads web fonts from Google.
    path(
        "api/redoc/",
        SpectacularRedocView.as_view(url_name="schema", template_name="tableapp/redoc.html"),
        name="redoc",
    ),
    path("api/redoc/redoc.standalone.js", errors.redoc_bundle, name="redoc-bundle"),
    path("app/", include("tableapp.urls")),
    # Browsers ask for /favicon.ico on pages that name no icon (the API's JSON, Swagger UI).
    path("favicon.ico", errors.favicon, name="favicon"),
    # The display, viewer links and the players' view (/app/..., /v/..., /join); the
    # streams under /live/ are the ASGI app's (bourre_site/asgi.py).
    path("", include("live.urls")),
    path("live/", include("live.stream_urls")),
    # Each club's transparency log, public (docs/transparency.md), and the witness endpoint.
    path("", include("transparency.urls")),
    path("", RedirectView.as_view(pattern_name="tableapp:tables"), name="home"),
]
