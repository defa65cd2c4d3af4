"""The live streams the app's pages follow (served by the ASGI app under /live/): a
signed-in member's, for any page of a table of their club, and a viewer link's."""

from __future__ import annotations

import uuid
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound

from clubs.selectors import member_for_user
from games.selectors import table_get
from live import sse
from live.hub import member_access, off_loop
from live.selectors import viewer_by_token


def _signed_in(request: HttpRequest) -> Any:
    """The session's user, read here: the streams run without middleware (bourre_site/asgi.py)."""
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    return get_user(request)


def _member_table(request: HttpRequest, table_id: uuid.UUID) -> tuple[Any, Any]:
    user = _signed_in(request)
    if not user.is_authenticated:
        return None, None
    member = member_for_user(user=user)
    if member is None:
        return None, None
    return member, table_get(club=member.club, table_id=table_id)


async def table_stream(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """A member's view of their club's table: one event per new version, and `ended` once
    the member is removed (`live.hub`'s sweep: within seconds)."""
    read = off_loop(_member_table)
    member, table = await read(request, table_id)
    if table is None:
        return HttpResponseNotFound("no such table in your club")
    last = sse.last_seen(request)
    access = member_access(str(member.id))
    invitation = sse.invitation_seen(request)
    return sse.event_stream(sse.followed(str(table.id), last, access=access, invitation=invitation))


async def viewer_stream(request: HttpRequest, token: str) -> HttpResponse:
    """A viewer link's: the same events, and `ended` when the link is revoked or expires
    (a link that has already ended is a 404: the browser stops reconnecting)."""
    viewer = await off_loop(viewer_by_token)(token=token)
    if viewer is None:
        return HttpResponseNotFound("this link has ended")
    last = sse.last_seen(request)
    invitation = sse.invitation_seen(request)
    return sse.event_stream(
        sse.followed(str(viewer.table_id), last, access=str(viewer.id), invitation=invitation)
    )
