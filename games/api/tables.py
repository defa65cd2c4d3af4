"""Tables: create, list, read one, import a transcript as a new table."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.errors import error_responses
from api_common.headers import location
from api_common.pagination import page_parameters, paginate_queryset
from clubs.api.permissions import IsAuditor, IsScorekeeper, request_key
from games.api.common import (
    idempotency_key,
    idempotency_key_parameter,
    key_reused,
    rejected,
    request_context,
    table_or_404,
)
from games.api.examples import table_examples
from games.api.imports import ImportJobOutputSerializer, import_job_body, poll_headers
from games.api.serializers import (
    TableCreateInputSerializer,
    TableImportInputSerializer,
    TableListOutputSerializer,
    TableListQueryInputSerializer,
    TableOutputSerializer,
    TableSummaryOutputSerializer,
)
from games.engine import Rejection, TranscriptRejected
from games.models import ImportJob
from games.selectors import table_get, table_list
from games.services import IMPORT_SYNC_ITEMS, IdempotencyKeyReused, import_start, table_create

#: Tables a page holds without `?limit=`: each is read with its phase and pot, so a club
#: of thousands of tables is paged, not sent whole.
TABLES_PAGE_DEFAULT = 50


def _created(request: Request, table_id: uuid.UUID) -> Response:
    table = table_get(club=request_key(request).club, table_id=table_id)
    url = reverse("v1:table", kwargs={"table_id": table_id}, request=request)
    return Response(
        TableOutputSerializer(table).data,
        status=status.HTTP_201_CREATED,
        headers={"Location": url},
    )


class TableListCreateApi(APIView):
    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [IsScorekeeper()] if self.request.method == "POST" else [IsAuditor()]

    @extend_schema(
        operation_id="tables_list",
        tags=["tables"],
        parameters=[*page_parameters(TABLES_PAGE_DEFAULT), TableListQueryInputSerializer],
        responses={200: TableListOutputSerializer, **error_responses(400, 403)},
        description="The club's tables, oldest first, each with its phase, pot and whose "
        "turn it is and when it was last active; `?closed=false` only the open ones, "
        "`?closed=true` the closed ones (as the app's Tables page filters them); paged (see "
        "`next` and the `Link` header), 50 a page unless `limit` says.",
    )
    def get(self, request: Request) -> Response:
        query = TableListQueryInputSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        return paginate_queryset(
            request,
            table_list(club=request_key(request).club, closed=query.validated_data["closed"]),
            list_name="tables",
            key="tables",
            order=("created_at", "id"),
            render=lambda page: TableSummaryOutputSerializer(page, many=True).data,
            default_limit=TABLES_PAGE_DEFAULT,
        )

    @extend_schema(
        operation_id="tables_create",
        parameters=[
            location(201),
            idempotency_key_parameter(
                "a retry with the same key and body answers with the table the first request "
                "made (`Idempotent-Replayed: true`), not a second table; the same key with "
                "another body is 422 `idempotency_conflict`"
            ),
        ],
        tags=["tables"],
        request=TableCreateInputSerializer,
        examples=table_examples(),
        responses={201: TableOutputSerializer, **error_responses(400, 403, 422)},
        description="Create a table (its stream starts with `TableCreated`, version 1). "
        "Variant, options and player count are checked against the rules (422).",
    )
    def post(self, request: Request) -> Response:
        body = TableCreateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        key = idempotency_key(request)
        try:
            table = table_create(
                club=request_key(request).club,
                context=request_context(request),
                idempotency_key=key,
                **body.validated_data,
            )
        except Rejection as rejection:
            raise rejected(rejection) from None
        except IdempotencyKeyReused as reused:
            raise key_reused(reused) from None
        response = _created(request, table.id)
        if table.replayed:
            response["Idempotent-Replayed"] = "true"
        return response


class TableDetailApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_retrieve",
        tags=["tables"],
        responses={200: TableOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        return Response(TableOutputSerializer(table_or_404(request, table_id)).data)


def _prefers_async(request: Request) -> bool:
    """RFC 7240's `Prefer: respond-async` among the request's preferences."""
    preferences = request.headers.get("Prefer", "")
    return any(
        part.split(";")[0].strip().lower() == "respond-async" for part in preferences.split(",")
    )


class TableImportApi(APIView):
    permission_classes = [IsScorekeeper]

    @extend_schema(
        operation_id="tables_import",
        parameters=[
            location(201),
            location(202),
            OpenApiParameter(
                "Prefer",
                str,
                OpenApiParameter.HEADER,
                description="`respond-async` (RFC 7240): import by a worker (202) whatever "
                "the transcript's size",
            ),
            idempotency_key_parameter(
                "a retry with the same key and body answers with what the first request made "
                "(`Idempotent-Replayed: true`): 202 and the job while it runs, 201 and the "
                "table once it has succeeded; a failed import is run again. The same key with "
                "another body is 422 `idempotency_conflict`"
            ),
        ],
        tags=["tables"],
        request=TableImportInputSerializer,
        responses={
            201: TableOutputSerializer,
            202: ImportJobOutputSerializer,
            **error_responses(400, 403, 422),
        },
        description="Create a table from a whole `bourre-transcript/1` document, all or "
        "nothing. What costs nothing to check (the name, the document's shape, its players "
        "and options) is checked here: a refusal is 422. A transcript of up to "
        f"{IMPORT_SYNC_ITEMS} posted items (deals, actions, the close: about 30 deals of "
        "four players) is then imported in the request: 201 and the table, or 422 with "
        "`deal` and `action` (0-based). A longer one, or any with `Prefer: respond-async`, "
        "is imported by a worker: 202, `Location` and the body are the job; poll it "
        "(`GET /tables/imports/{id}`) until it has succeeded (the table's URL) or failed "
        "(the same 422 refusal, as its `error`). The table appears in no list, read or "
        "play until its import has succeeded.",
    )
    def post(self, request: Request) -> Response:
        body = TableImportInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        key = idempotency_key(request)
        try:
            made = import_start(
                club=request_key(request).club,
                name=body.validated_data["name"],
                transcript=body.validated_data["transcript"],
                context=request_context(request),
                requested_by=request_key(request),
                prefer_async=_prefers_async(request),
                idempotency_key=key,
            )
        except TranscriptRejected as refusal:
            raise rejected(refusal.rejection, deal=refusal.deal, action=refusal.action) from None
        except Rejection as rejection:  # the table's name
            raise rejected(rejection) from None
        except IdempotencyKeyReused as reused:
            raise key_reused(reused) from None
        if isinstance(made, ImportJob):
            job = import_job_body(made, request)
            headers = {"Location": str(job["url"]), **poll_headers(made)}
            if _prefers_async(request) and not made.replayed:
                headers["Preference-Applied"] = "respond-async"
            response = Response(job, status=status.HTTP_202_ACCEPTED, headers=headers)
        else:
            response = _created(request, made.id)
        if made.replayed:
            response["Idempotent-Replayed"] = "true"
        return response
