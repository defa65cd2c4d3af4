"""The live pages (served by gunicorn; their streams by the ASGI app): the table display,
the scorekeeper's viewer links with their QR codes, and the players' view by link or code.
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.language import club_language, use_language
from live.board import table_board
from live.qr import qr_svg
from live.selectors import viewer_by_code, viewer_by_token, viewer_of_table, viewers_of_table
from live.services import viewer_create, viewer_revoke
from live.throttle import WINDOW, code_tries_refused, code_wrong
from live.verify import receipt_context
from tableapp.access import club_table, member_of, member_required


def _unchanged(request: HttpRequest, table: Any) -> bool:
    return request.GET.get("since") == str(table.snapshot.version)


def _link(request: HttpRequest, viewer: Any) -> dict[str, Any]:
    url = request.build_absolute_uri(reverse("live:viewer", args=[viewer.token]))
    return {"viewer": viewer, "url": url, "qr": qr_svg(url)}


# ---------------------------------------------------------------- the display (TV)
@member_required()
def display(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    links = viewers_of_table(table=table)
    context = {
        **table_board(table),
        "stream": reverse("live-stream:table", args=[table.id]),
        "fragment": reverse("live:display-board", args=[table.id]),
        "join": _link(request, links[-1]) if links else None,
        "join_url": request.build_absolute_uri(reverse("live:join")),
    }
    return render(request, "live/display.html", context)


@member_required()
def display_board(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    if _unchanged(request, table):
        return HttpResponse(status=204)
    return render(request, "live/_board.html", {**table_board(table), "big": True})


# ---------------------------------------------------------------- viewer links
@member_required("scorekeeper", writes=True)
def viewers(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """GET: the table's viewer links, each with its QR code and short code. POST: a new one."""
    table = club_table(request, table_id)
    if request.method == "POST":
        member = member_of(request)
        viewer_create(club=member.club, table=table, created_by=member.name)
        if request.POST.get("back") == "table":  # made from the table screen: its QR shows
            return redirect("tableapp:table", table_id=table.id)
        return redirect("live:viewers", table_id=table.id)
    links = [_link(request, v) for v in viewers_of_table(table=table)]
    context = {
        "table": table,
        "links": links,
        "join_url": request.build_absolute_uri(reverse("live:join")),
    }
    return render(request, "live/viewers.html", context)


@require_POST
@member_required("scorekeeper", writes=True)
def viewer_revoke_view(
    request: HttpRequest, table_id: uuid.UUID, viewer_id: uuid.UUID
) -> HttpResponse:
    table = club_table(request, table_id)
    viewer = viewer_of_table(table=table, viewer_id=viewer_id)
    if viewer is None:
        raise Http404("no such viewer link of this table")
    viewer_revoke(viewer=viewer)
    return redirect("live:viewers", table_id=table.id)


# ---------------------------------------------------------------- the players' view
def _ended(request: HttpRequest) -> HttpResponse:
    return render(request, "live/ended.html", status=404)


@require_GET
def viewer_page(request: HttpRequest, token: str) -> HttpResponse:
    viewer = viewer_by_token(token=token)
    if viewer is None:
        return _ended(request)
    # No account on a player's phone: the device's language, else the club's default.
    use_language(request, club_language(viewer.club, request))
    player = _player(request)  # who is looking, as they said (their own standings line)
    fragment = reverse("live:viewer-board", args=[viewer.token])
    board = table_board(viewer.table, statements=True, player=player)
    context = {
        **board,
        **receipt_context(viewer, bool(board.get("closed"))),
        "stream": reverse("live-stream:viewer", args=[viewer.token]),
        "fragment": f"{fragment}?{urlencode({'player': player})}" if player else fragment,
    }
    return render(request, "live/viewer.html", context)


@require_GET
def viewer_board(request: HttpRequest, token: str) -> HttpResponse:
    viewer = viewer_by_token(token=token)
    if viewer is None:
        return _ended(request)
    if _unchanged(request, viewer.table):
        return HttpResponse(status=204)
    use_language(request, club_language(viewer.club, request))
    board = table_board(viewer.table, statements=True, player=_player(request))
    board.update(receipt_context(viewer, bool(board.get("closed"))))
    return render(request, "live/_board.html", board)


def _player(request: HttpRequest) -> str | None:
    return request.GET.get("player", "")[:100] or None


@require_GET
def viewer_qr(request: HttpRequest, token: str) -> HttpResponse:
    viewer = viewer_by_token(token=token)
    if viewer is None:
        return _ended(request)
    url = request.build_absolute_uri(reverse("live:viewer", args=[viewer.token]))
    response = HttpResponse(qr_svg(url, scale=10), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """Type the short code shown at the table (GET `?code=` works too)."""
    code = (request.POST.get("code") or request.GET.get("code") or "").strip()
    if not code:
        return render(request, "live/join.html")
    if code_tries_refused(request):
        context = {"error": _("Too many tries: wait a minute, then type the code again.")}
        response = render(request, "live/join.html", context, status=429)
        response["Retry-After"] = str(WINDOW)
        return response
    viewer = viewer_by_code(code=code[:32])
    if viewer is None:
        code_wrong(request)
        return _ended(request)
    return redirect("live:viewer", token=viewer.token)
