"""The live pages (served by gunicorn; their streams by the ASGI app): the table display
(for a signed-in member, or a TV by its own display link), the scorekeeper's viewer links
with their QR codes, and the players' view by link or code.
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

from app_common.access import club_table, member_of, member_required
from clubs.language import club_language, use_language
from live.board import around_the_felt, table_board_words
from live.models import Viewer
from live.qr import qr_svg
from live.selectors import (
    NO_LINK,
    table_invitations,
    viewer_by_code,
    viewer_by_token,
    viewer_of_table,
    viewers_of_table,
)
from live.services import viewer_create, viewer_revoke
from live.throttle import WINDOW, code_tries_refused, code_wrong
from live.verify import receipt_context


def _unchanged(request: HttpRequest, table: Any, invitation: str | None = None) -> bool:
    """The page already shows this: the table's version (and the display's invitation)."""
    if request.GET.get("since") != str(table.snapshot.version):
        return False
    return invitation is None or request.GET.get("invitation") == invitation


def _link(request: HttpRequest, viewer: Any) -> dict[str, Any]:
    name = "live:display-link" if viewer.kind == Viewer.DISPLAY else "live:viewer"
    url = request.build_absolute_uri(reverse(name, args=[viewer.token]))
    return {"viewer": viewer, "url": url, "qr": qr_svg(url)}


# ---------------------------------------------------------------- the display (TV)
def _invitation(table: Any) -> str:
    return table_invitations([str(table.id)])[str(table.id)]


def _display_board(request: HttpRequest, table: Any, invitation: str, page: str) -> dict[str, Any]:
    """The display's board: the table in words, its seats around the felt and, in its
    corner, the invitation to follow on a phone (the newest players' link's QR code and
    code). `page`: the display's own address (its language switch comes back to it)."""
    board = table_board_words(table)
    links = viewers_of_table(table=table) if invitation != NO_LINK else []
    return {
        **board,
        "around": around_the_felt(board),
        "invitation": invitation,
        "join": _link(request, links[-1]) if links else None,
        "join_url": request.build_absolute_uri(reverse("live:join")),
        "page_path": page,
    }


def _display(request: HttpRequest, table: Any, page: str, stream: str) -> HttpResponse:
    context = {
        **_display_board(request, table, _invitation(table), page),
        "stream": stream,
        "fragment": f"{page}/board",
    }
    return render(request, "live/display.html", context)


def _display_fragment(request: HttpRequest, table: Any, page: str) -> HttpResponse:
    invitation = _invitation(table)
    if _unchanged(request, table, invitation):
        return HttpResponse(status=204)
    context = _display_board(request, table, invitation, page)
    return render(request, "live/_display.html", context)


@member_required()
def display(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    stream = reverse("live-stream:table", args=[table.id])
    return _display(request, table, reverse("live:display", args=[table.id]), stream)


@member_required()
def display_board(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    return _display_fragment(request, table, reverse("live:display", args=[table.id]))


def _display_viewer(request: HttpRequest, token: str) -> Viewer | None:
    """The display link of `token` if still good, its page then in the device's language
    (else the club's: a TV has no account)."""
    viewer = viewer_by_token(token=token)
    if viewer is None or viewer.kind != Viewer.DISPLAY:
        return None
    use_language(request, club_language(viewer.club, request))
    return viewer


@require_GET
def display_link(request: HttpRequest, token: str) -> HttpResponse:
    """The display opened by its own link, no account: what a TV in the room shows."""
    viewer = _display_viewer(request, token)
    if viewer is None:
        return _ended(request)
    stream = reverse("live-stream:viewer", args=[viewer.token])
    return _display(request, viewer.table, reverse("live:display-link", args=[token]), stream)


@require_GET
def display_link_board(request: HttpRequest, token: str) -> HttpResponse:
    viewer = _display_viewer(request, token)
    if viewer is None:
        return _ended(request)
    return _display_fragment(request, viewer.table, reverse("live:display-link", args=[token]))


# ---------------------------------------------------------------- viewer links
def _viewers_page(request: HttpRequest, table: Any, **extra: Any) -> HttpResponse:
    context = {
        "table": table,
        "links": [_link(request, v) for v in viewers_of_table(table=table)],
        "displays": [_link(request, v) for v in viewers_of_table(table=table, kind="display")],
        "join_url": request.build_absolute_uri(reverse("live:join")),
        **extra,
    }
    return render(request, "live/viewers.html", context)


@member_required("scorekeeper", writes=True)
def viewers(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """GET: the table's players' and display links, each with its QR code and short code.
    POST: a new one (`kind`: players, or display)."""
    table = club_table(request, table_id)
    if request.method == "POST":
        member = member_of(request)
        kind = Viewer.DISPLAY if request.POST.get("kind") == Viewer.DISPLAY else Viewer.PLAYERS
        viewer_create(club=member.club, table=table, created_by=member.name, kind=kind)
        if request.POST.get("back") == "table":  # made from the table screen: its QR shows
            return redirect("tableapp:table", table_id=table.id)
        return redirect("live:viewers", table_id=table.id)
    return _viewers_page(request, table, revoked=_revoked(table, request.GET.get("revoked")))


def _revoked(table: Any, viewer_id: str | None) -> Viewer | None:
    """The link just revoked (the page says so once), if it is one of this table's."""
    try:
        viewer = viewer_of_table(table=table, viewer_id=uuid.UUID(viewer_id or ""))
    except ValueError:
        return None
    return viewer if viewer is not None and viewer.revoked_at is not None else None


@require_POST
@member_required("scorekeeper", writes=True)
def viewer_revoke_view(
    request: HttpRequest, table_id: uuid.UUID, viewer_id: uuid.UUID
) -> HttpResponse:
    """Revoke a link, once confirmed: the first post asks (a phone or a TV following it
    goes to "this link has ended" at once, and the code cannot be used again)."""
    table = club_table(request, table_id)
    viewer = viewer_of_table(table=table, viewer_id=viewer_id)
    if viewer is None:
        raise Http404("no such viewer link of this table")
    if request.POST.get("confirm") != "yes":
        return _viewers_page(request, table, confirm_revoke=viewer)
    viewer_revoke(viewer=viewer)
    return redirect(f"{reverse('live:viewers', args=[table.id])}?revoked={viewer.id}")


# ---------------------------------------------------------------- the players' view
def _ended(request: HttpRequest) -> HttpResponse:
    return render(request, "live/ended.html", status=404)


@require_GET
def viewer_page(request: HttpRequest, token: str) -> HttpResponse:
    viewer = viewer_by_token(token=token)
    if viewer is None:
        return _ended(request)
    if viewer.kind == Viewer.DISPLAY:
        return redirect("live:display-link", token=viewer.token)
    # No account on a player's phone: the device's language, else the club's default.
    use_language(request, club_language(viewer.club, request))
    player = _player(request)  # who is looking, as they said (their own standings line)
    fragment = reverse("live:viewer-board", args=[viewer.token])
    board = table_board_words(viewer.table, statements=True, player=player)
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
    if viewer is None or viewer.kind != Viewer.PLAYERS:
        return _ended(request)
    if _unchanged(request, viewer.table) and request.GET.get("receipt") != "pending":
        return HttpResponse(status=204)
    use_language(request, club_language(viewer.club, request))
    board = table_board_words(viewer.table, statements=True, player=_player(request))
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
    """Type the short code shown at the table (GET `?code=` works too); a display link's
    code opens the display (a TV's browser is easier to type six letters into)."""
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
    if viewer.kind == Viewer.DISPLAY:
        return redirect("live:display-link", token=viewer.token)
    return redirect("live:viewer", token=viewer.token)
