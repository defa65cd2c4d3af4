"""Top-level routes: the table app, the versioned API and its OpenAPI schema and docs."""

from collections.abc import Callable
from importlib.util import find_spec
from typing import Any

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView


def images_from_here(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """ReDoc's bundle shows its makers' logo from their CDN (no option turns it off), and
    Swagger UI may ask a validator service for a badge: the browser is told to load images
    from this host only, so it never asks another."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["Content-Security-Policy"] = "img-src 'self' data:"
        return response

    return wrapped


def health(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


api_v1: list = [path("", include("clubs.api.urls"))]
# The API package is added by the API layer; until it exists the prefix is an empty include.
if find_spec("games.api") is not None and find_spec("games.api.urls") is not None:
    api_v1.append(path("", include("games.api.urls")))
api_v1 += [path("", include("audits.api.urls")), path("", include("exports.api.urls"))]
api_v1.append(path("", include("projectors.api.urls")))
api_v1.append(path("", include("webhooks.api.urls")))
api_v1.append(path("", include("ledger.api.urls")))
if settings.BENCH_FLOOR:  # the benchmarks' floor: a minimal authenticated write (bench/floor.py)
    api_v1.append(path("", include("bench.floor")))

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "api"), namespace="v1")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/docs/",
        images_from_here(SpectacularSwaggerView.as_view(url_name="schema")),
        name="swagger-ui",
    ),
    # Our copy of the ReDoc page: the package's loads web fonts from Google.
    path(
        "api/redoc/",
        images_from_here(
            SpectacularRedocView.as_view(url_name="schema", template_name="tableapp/redoc.html")
        ),
        name="redoc",
    ),
    path("app/", include("tableapp.urls")),
    path("", RedirectView.as_view(pattern_name="tableapp:tables"), name="home"),
]
