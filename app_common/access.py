"""Who is signed in, for which club, with which role; another club's table is a 404."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from app_common.labels import role_words
from clubs.selectors import member_for_user
from games.selectors import table_get

View = Callable[..., HttpResponse]


def member_of(request: HttpRequest) -> Any:
    """The member `member_required` found for this request (a `clubs` Member)."""
    member = getattr(request, "member", None)
    assert member is not None, "the view is not behind member_required"
    return member


def _forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "tableapp/forbidden.html", {"message": message}, status=403)


def member_required(role: str = "auditor", *, writes: bool = False) -> Callable[[View], View]:
    """Signed in as a club member holding `role`. With `writes`, a POST needs a
    scorekeeper (an auditor reads, never logs: 403)."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path(), "tableapp:login")
            member = member_for_user(user=request.user)
            if member is None:
                return _forbidden(request, _("this sign-in is not a member of any club"))
            needed = "scorekeeper" if writes and request.method == "POST" else role
            if not member.has_role(needed):
                words = {"needed": role_words(needed), "role": role_words(member.role)}
                return _forbidden(
                    request, _("this needs the %(needed)s role (you are %(role)s)") % words
                )
            request.member = member  # type: ignore[attr-defined]
            return view(request, *args, **kwargs)

        return wrapped

    return decorate


def club_table(request: HttpRequest, table_id: uuid.UUID) -> Any:
    """The member's club's table, or 404 (another club's table is as missing)."""
    table = table_get(club=member_of(request).club, table_id=table_id)
    if table is None:
        raise Http404(_("no such table in your club"))
    return table


def can_log(request: HttpRequest) -> bool:
    return member_of(request).has_role("scorekeeper")
