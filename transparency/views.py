"""The public face of the transparency logs, no key asked: each club's checkpoint and tiles
under its prefix (C2SP tlog-tiles: ``/bourre/<club id>/checkpoint``,
``/bourre/<club id>/tile/<L>/<N>[.p/<W>]``; hashes only, never the entries), and this
service's witness endpoint (C2SP tlog-witness: ``POST /witness/add-checkpoint``)."""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from transparency.selectors import checkpoint_served, tile_get
from transparency.witness import add_checkpoint

TEXT = "text/plain; charset=utf-8"


def _not_found(what: str) -> HttpResponse:
    response = HttpResponse(f"{what}\n", content_type=TEXT, status=404)
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def checkpoint(request: HttpRequest, club_id: uuid.UUID) -> HttpResponse:
    note = checkpoint_served(club_id=str(club_id))
    if note is None:
        return _not_found("no checkpoint of this log yet")
    response = HttpResponse(note, content_type=TEXT)
    # Mutable: a few seconds at most (tlog-tiles).
    response["Cache-Control"] = "public, max-age=2"
    return response


@require_GET
def tile(request: HttpRequest, club_id: uuid.UUID, path: str) -> HttpResponse:
    data = tile_get(club_id=str(club_id), path=f"tile/{path}")
    if data is None:
        return _not_found("no such tile in this log")
    response = HttpResponse(data, content_type="application/octet-stream")
    # A tile (or a partial tile's prefix) never changes once served.
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@csrf_exempt
@require_POST
def witness_add_checkpoint(request: HttpRequest) -> HttpResponse:
    answer = add_checkpoint(request.body)
    response = HttpResponse(answer.body, content_type=answer.content_type, status=answer.status)
    response["Cache-Control"] = "no-store"
    return response
