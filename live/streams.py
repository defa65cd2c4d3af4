"""The live streams the app's pages follow (served by the ASGI app under /live/): a
signed-in member's, for any page of a table of their club, and a viewer link's."""

from __future__ import annotations

import uuid
from importlib import import_module
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound

from clubs.selectors import member_for_user
from games.selectors import table_get
from live import sse
from live.hub import hub
from live.selectors import viewer_by_token


def _signed_in(request: HttpRequest) -> Any:
    """The session's user, read here: the streams run without middleware (bourre_site/asgi.py)."""
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    return get_user(request)


def _member_table(request: HttpRequest, table_id: uuid.UUID) -> Any:
    user = _signed_in(request)
    if not user.is_authenticated:
        return None
    member = member_for_user(user=user)
    if member is None:
        return None
    return table_get(club=member.club, table_id=table_id)


async def table_stream(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """A member's view of their club's table: one event per new version."""
    table = await sync_to_async(_member_table, thread_sensitive=False)(request, table_id)
    if table is None:
        return HttpResponseNotFound("no such table in your club")
    key = str(table.id)
    watch = await hub.watch(key)
    return sse.event_stream(
        sse.versions(
            watch,
            sse.last_seen(request),
            link=None,
            done=lambda: hub.release(key),
            invitation=sse.invitation_seen(request),
        )
    )


async def viewer_stream(request: HttpRequest, token: str) -> HttpResponse:
    """A viewer link's: the same events, and `ended` when the link is revoked or expires
    (a link that has already ended is a 404: the browser stops reconnecting)."""
    viewer = await sync_to_async(viewer_by_token, thread_sensitive=False)(token=token)
    if viewer is None:
        return HttpResponseNotFound("this link has ended")
    key, viewer_id = str(viewer.table_id), str(viewer.id)
    watch = await hub.watch(key)
    link = hub.link(viewer_id)

    def done() -> None:
        hub.release(key)
        hub.unlink(viewer_id)

    return sse.event_stream(
        sse.versions(
            watch,
            sse.last_seen(request),
            link=link,
            done=done,
            invitation=sse.invitation_seen(request),
        )
    )
