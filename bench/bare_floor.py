"""The bare floor of an HTTP write: the same minimal write as the floor endpoint
(bench/floor.py), with only what Django and DRF need (`python -m bench bare_floor`).

The floor endpoint runs through the project's middleware (language, the front's address,
CORS, the API guard, security headers, WhiteNoise, sessions, CSRF, auth, messages) and the
API's key check (a key looked up behind its generation counter), so the card play's ratio
to it measures only the domain's work. This one answers `POST /api/v1/bench/bare-floor`
with none of it: Django's WSGI handler without a middleware of any kind, a DRF view whose
only check is a constant-time compare of the bearer key with the one the benchmark gave the
server (BOURRE_BENCH_BARE_KEY), DRF's own JSON parser and renderer, and the floor's one
`INSERT` inside `transaction.atomic()`. It is served by the very gunicorn, behind the very
nginx, that serve the card plays: `bourre_site/wsgi.py` sends that one path here, only when
the server runs with BOURRE_BENCH_FLOOR=1 (as the floor endpoint is mounted), so the
per-request cost of the project's own layers is what the card play's ratio to this floor
adds over its ratio to the other.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from collections.abc import Callable, Iterable
from typing import Any

from django.core.handlers.exception import convert_exception_to_response
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection, transaction
from django.urls import path
from rest_framework import authentication, exceptions, status
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bench._common import Measurement, timed_clients
from bench.floor import ENVIRONMENT, FloorClient

URL = "/api/v1/bench/bare-floor"
KEY_ENVIRONMENT = "BOURRE_BENCH_BARE_KEY"
_ASCII_KEY = os.environ.get(KEY_ENVIRONMENT, "").encode()


class BareKey(authentication.BaseAuthentication):
    """`Authorization: Bearer <the key>`, compared in constant time with the server's."""

    def authenticate(self, request: Request) -> tuple[None, str] | None:
        given = request.META.get("HTTP_AUTHORIZATION", "").encode()
        if not _ASCII_KEY or not hmac.compare_digest(given, b"Bearer " + _ASCII_KEY):
            raise exceptions.AuthenticationFailed()
        return None, "bench"

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


class BareFloorApi(APIView):
    """POST: the posted JSON as one row, in a transaction; 201 `{"id": ...}`."""

    authentication_classes = [BareKey]
    permission_classes: list[Any] = []
    parser_classes = [JSONParser]
    renderer_classes = [JSONRenderer]

    def post(self, request: Request) -> Response:
        body = json.dumps(request.data, ensure_ascii=False, separators=(",", ":"))
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO bench_floor (club, data) VALUES (%s, %s::jsonb) RETURNING id",
                ["bare", body],
            )
            (row,) = cursor.fetchone()
        return Response({"id": row}, status=status.HTTP_201_CREATED)


urlpatterns = [path(URL.lstrip("/"), BareFloorApi.as_view(), name="bench-bare-floor")]


class BareHandler(WSGIHandler):
    """Django's WSGI handler with no middleware at all, resolving only the bare floor."""

    def load_middleware(self, is_async: bool = False) -> None:
        self._view_middleware = []
        self._template_response_middleware = []
        self._exception_middleware = []
        self._middleware_chain = convert_exception_to_response(self._get_response)

    def resolve_request(self, request: Any) -> Any:
        request.urlconf = __name__
        return super().resolve_request(request)


Wsgi = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def mounted(site: Wsgi) -> Wsgi:
    """The site, with `URL` answered by the bare handler (one string compare a request)."""
    bare = BareHandler()

    def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("PATH_INFO") == URL:
            return bare(environ, start_response)
        return site(environ, start_response)

    return application


def served() -> str:
    """Mount both floors in the servers this process starts from now on; the bare floor's
    key (a new one for each benchmark process)."""
    os.environ[ENVIRONMENT] = "1"
    return os.environ.setdefault(KEY_ENVIRONMENT, f"bare_{secrets.token_urlsafe(24)}")


class BareFloorClient(FloorClient):
    url = URL


def bare_floor_posts(port: int, key: str, clients: int, posts: int) -> Measurement:
    """`posts` timed POSTs to the bare floor from `clients` keep-alive connections."""
    return timed_clients(
        "bare floor POST", clients, posts, lambda index: BareFloorClient(port, key)
    )


def main() -> None:
    from bench import api, floor
    from bench._common import machine, print_table
    from bench._server import Server
    from bench.eventstore import ROUNDS

    floor.prepare_floor_table()
    bare_key = served()
    keys = api.club_keys()
    rows: list[list[Any]] = []
    with Server(api.server_log()) as server:
        print(f"machine: {machine()}; scripts/serve.sh; {ROUNDS} rounds alternating, median shown")
        for clients in (1, 8):
            rounds: dict[str, list[Measurement]] = {}
            for _ in range(ROUNDS):
                for result in (
                    bare_floor_posts(server.port, bare_key, clients, api.PLAYS),
                    floor.floor_posts(server.port, keys, clients, api.PLAYS),
                    api.api_plays(server.port, keys, clients),
                ):
                    rounds.setdefault(result.label, []).append(result)
            medians = {
                label: sorted(results, key=lambda r: r.ops_per_second)[len(results) // 2]
                for label, results in rounds.items()
            }
            bare = medians["bare floor POST"]
            for result in medians.values():
                rows.append(
                    [
                        result.label,
                        clients,
                        f"{result.ops_per_second:,.0f}",
                        f"{result.percentile(50):.2f}",
                        f"{result.percentile(99):.2f}",
                        f"{result.ops_per_second / bare.ops_per_second:.0%}",
                    ]
                )
    print_table(["case", "clients", "ops/s", "p50 ms", "p99 ms", "vs bare floor"], rows)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
