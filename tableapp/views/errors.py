"""The app's own "not found" and "not allowed" pages, with a way back (issue 20.14); and the
ReDoc bundle served with its makers' logo taken from this host (20.15)."""

from __future__ import annotations

import functools
from importlib import resources

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views import defaults
from django.views.decorators.cache import cache_control

#: What the ReDoc bundle loads from its makers' CDN (the one address outside this host).
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def _in_app(request: HttpRequest) -> bool:
    return request.path.startswith("/app/")


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404: under /app/ a page of the app saying so, with the way back; elsewhere (the API,
    the docs) Django's answer as before."""
    if not _in_app(request):
        return defaults.page_not_found(request, exception)
    return render(request, "tableapp/not_found.html", status=404)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _in_app(request):
        return defaults.permission_denied(request, exception)
    return render(request, "tableapp/forbidden.html", {"message": ""}, status=403)


@functools.cache
def _redoc_bundle(logo: str) -> bytes:
    bundle = resources.files("drf_spectacular_sidecar") / "static/drf_spectacular_sidecar"
    text = (bundle / "redoc/bundles/redoc.standalone.js").read_text(encoding="utf-8")
    return text.replace(REDOC_LOGO, logo).encode("utf-8")


@cache_control(public=True, max_age=86400)
def redoc_bundle(request: HttpRequest) -> HttpResponse:
    """The vendored ReDoc bundle with its one request to another host (its logo) pointed
    at this service's own icon: no request leaves, no console error."""
    body = _redoc_bundle(static("tableapp/favicon.svg"))
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")


def favicon(request: HttpRequest) -> HttpResponse:
    """`/favicon.ico`, which browsers ask for on pages naming no icon (the API, Swagger UI)."""
    return redirect(static("tableapp/favicon.svg"), permanent=True)
