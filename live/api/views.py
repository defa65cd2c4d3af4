"""Viewer links over the API, and the table's event stream in the OpenAPI document.

`POST /api/v1/tables/{id}/viewers` (scorekeeper or admin) makes a read-only link for the
players; `GET` lists the good ones; `DELETE .../viewers/{viewer_id}` revokes one, ending
its open views within moments.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api_common.errors import error_responses
from api_common.headers import location
from api_common.pagination import page_parameters, page_serializer, paginate_queryset
from clubs.api.permissions import IsAuditor, IsScorekeeper, request_key
from games.api.common import table_or_404
from live import sse
from live.api.stream import events_after
from live.models import Viewer
from live.selectors import (
    table_versions,
    viewer_expires_at,
    viewer_of_table,
    viewers_of_table_query,
)
from live.services import viewer_create, viewer_revoke

#: Viewer links a page of `GET .../viewers` holds without `?limit=`.
VIEWERS_PAGE_DEFAULT = 50


class ViewerOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField(help_text="the players' view: open it, or scan its QR code")
    code = serializers.CharField(help_text="the short code a player types at /join")
    qr_svg_url = serializers.URLField(help_text="the link's QR code (SVG), drawn by the service")
    expires_at = serializers.DateTimeField(
        allow_null=True,
        help_text="a day after the table closes; null while the table is open",
    )
    created_at = serializers.DateTimeField()
    created_by = serializers.CharField()


ViewerListOutputSerializer = page_serializer(
    ViewerOutputSerializer, "viewers", "ViewerPageOutputSerializer"
)


def viewer_body(request: Request, viewer: Viewer) -> dict[str, Any]:
    return {
        "id": viewer.id,
        "url": request.build_absolute_uri(reverse("live:viewer", args=[viewer.token])),
        "code": viewer.code,
        "qr_svg_url": request.build_absolute_uri(reverse("live:viewer-qr", args=[viewer.token])),
        "expires_at": viewer_expires_at(viewer=viewer),
        "created_at": viewer.created_at,
        "created_by": viewer.created_by,
    }


class TableViewersApi(APIView):
    permission_classes = [IsScorekeeper]

    @extend_schema(
        operation_id="tables_viewers_create",
        tags=["viewers"],
        request=None,
        responses={
            201: OpenApiResponse(ViewerOutputSerializer, description="the new viewer link"),
            **error_responses(403, 404),
        },
        parameters=[location(201)],
        description="A read-only viewer link for the players of this table: its `url` (the "
        "QR code's), a short `code` to type at `/join`, and when it ends. It shows this "
        "table only, never writes, and ends a day after the table closes or when revoked.",
    )
    def post(self, request: Request, table_id: uuid.UUID) -> Response:
        table = table_or_404(request, table_id)
        key = request_key(request)
        viewer = viewer_create(club=key.club, table=table, created_by=f"key {key.name}")
        body = viewer_body(request, viewer)
        url = reverse("v1:table-viewer", kwargs={"table_id": table.id, "viewer_id": viewer.id})
        return Response(
            ViewerOutputSerializer(body).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": request.build_absolute_uri(url)},
        )

    @extend_schema(
        operation_id="tables_viewers_list",
        tags=["viewers"],
        parameters=page_parameters(),
        responses={200: ViewerListOutputSerializer, **error_responses(400, 403, 404)},
        description="The table's viewer links that have not ended, oldest first; paged like "
        "the other lists (see `next` and the `Link` header), 50 a page unless `limit` says.",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        table = table_or_404(request, table_id)
        return paginate_queryset(
            request,
            viewers_of_table_query(table=table),
            list_name="viewers",
            key="viewers",
            order=("created_at", "id"),
            render=lambda page: (
                ViewerOutputSerializer([viewer_body(request, v) for v in page], many=True).data
            ),
            default_limit=VIEWERS_PAGE_DEFAULT,
        )


class TableViewerApi(APIView):
    permission_classes = [IsScorekeeper]

    @extend_schema(
        operation_id="tables_viewers_revoke",
        tags=["viewers"],
        request=None,
        responses={204: None, **error_responses(403, 404)},
        description='Revoke the link: it shows "this link has ended", and every view of it '
        "still open ends within seconds. Revoking it again is a 204 too.",
    )
    def delete(self, request: Request, table_id: uuid.UUID, viewer_id: uuid.UUID) -> Response:
        table = table_or_404(request, table_id)
        viewer = viewer_of_table(table=table, viewer_id=viewer_id)
        if viewer is None:
            raise NotFound(gettext("no such viewer link of this table"))
        viewer_revoke(viewer=viewer)
        return Response(status=status.HTTP_204_NO_CONTENT)


LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    required=False,
    description="the version of the last event received: the stream starts right after it "
    "(an EventSource sends it by itself when it reconnects)",
)
AFTER = OpenApiParameter(
    "after",
    OpenApiTypes.INT,
    OpenApiParameter.QUERY,
    required=False,
    description="the same as `Last-Event-ID`, for a first connection (`0`: from the first "
    "event); without either, only events logged from now on",
)
STREAM_DESCRIPTION = """The table's events as they are logged, as Server-Sent Events
(`text/event-stream`), authorised like the events list.

Each event is `id: <the table's version>` and `data: <the event as JSON>` (the events list's
item without `undone_by`: an undo arrives as its own `EventUndone`). Reconnecting with
`Last-Event-ID` (or opening with `?after=`) gives exactly the events after that version, in
order, then the new ones within a second of their commit. A comment line every 15 s keeps
the connection open; `event: ended` ends it when the key is revoked.

Served by the service's ASGI app (uvicorn, behind nginx), where a held-open stream costs a
coroutine, not a worker thread. Reached directly on the WSGI app (no nginx in front), the
same URL answers the events after `Last-Event-ID` at once and closes, with `retry: 1000`:
an EventSource then reconnects every second (polling, same events)."""


class TableStreamApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_stream",
        tags=["events"],
        parameters=[LAST_EVENT_ID, AFTER],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                OpenApiTypes.STR,
                description='`id: 7\\ndata: {"position": 31, "version": 7, "type": '
                '"CardPlayed", ...}\\n\\n`, one such block per event',
            ),
            **error_responses(400, 403, 404),
        },
        description=STREAM_DESCRIPTION,
    )
    def get(self, request: Request, table_id: uuid.UUID) -> HttpResponse:
        table = table_or_404(request, table_id)
        problem = sse.version_problem(request, "after")
        if problem is not None:
            raise ValidationError({problem[0]: [problem[1]]})
        after = sse.last_seen(request, query="after")
        if after is None:
            after = table_versions([str(table.id)]).get(str(table.id), 0)
        batch = events_after(request, table, after) or []
        body = "retry: 1000\n\n" + "".join(batch)
        response = HttpResponse(body, content_type="text/event-stream; charset=utf-8")
        response["Cache-Control"] = "no-cache"
        return response
