"""The audits API: request an audit (auditor or admin keys), read the runs (any key), and
download the caller's club's log with its hash chain (auditor or admin keys).

A club's request audits that club's ledgers only. The hash chains (one per club) are
checked by the operator's request, which audits the whole log; their status, size and first
broken position are the operator's (a club key sees `chain: null`). The ledger part of a
run is always cut down to the caller's own club's tables. The log download is the caller's
club's own chain (``bourre-audit-log/2``), checkable offline with
``tools/verify_audit_log.py``.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import StreamingHttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.errors import ApiError, error_responses
from api_common.headers import location
from api_common.idempotency import idempotency_parameter, idempotent_create
from api_common.numbers import ascii_int
from api_common.pagination import (
    MAX_LIMIT,
    bad_cursor,
    encode_cursor,
    next_url,
    page_parameters,
    page_request,
    paginate_queryset,
)
from audits.api.serializers import (
    AuditRequestedOutputSerializer,
    AuditRunListOutputSerializer,
    AuditRunOutputSerializer,
)
from audits.auditlog import audit_log_lines, audit_log_page
from audits.findings import run_chain_reason, table_differences_said
from audits.models import AuditRun, AuditStatus
from audits.selectors import audit_differences_for_club, audit_run_get, audit_run_list
from audits.services import audit_request
from clubs.api.permissions import IsAuditor, is_operator, request_key
from clubs.models import ApiKey, Role


class IsAuditorOrAdmin(BasePermission):
    """Auditing is the auditors' (and admins') business, not the scorekeepers'."""

    message = "requesting an audit needs an auditor or admin key"

    def has_permission(self, request: Request, view: Any) -> bool:
        key = request.user
        return (
            isinstance(key, ApiKey)
            and key.is_active
            and key.role in (Role.AUDITOR, Role.ADMIN, Role.OPERATOR)
        )


def audit_for_club(run: AuditRun, club_id: uuid.UUID, *, operator: bool = False) -> dict[str, Any]:
    """A run as `club_id`'s key may see it; the operator sees the whole run. What it found
    is said in the request's language (`audits.findings`), its codes as stored."""
    if operator:
        differences = list(run.ledger_differences)
        tables_checked = run.tables_checked
    else:
        differences = audit_differences_for_club(run=run, club_id=club_id)
        tables_checked = run.tables_by_club.get(str(club_id), 0)
    done = run.status == AuditStatus.SUCCEEDED
    ledger_ok = (not differences) if done else None
    chain_seen = operator and not run.club_id
    ok = (bool(run.ok) if operator else bool(ledger_ok)) if done else None
    return {
        "id": run.id,
        "status": run.status,
        "trigger": run.trigger,
        "scope": "club" if run.club_id else "log",
        "ok": ok,
        "created_at": run.created_at,
        "started_at": run.started_at,
        "finished_at": run.finished_at,
        "chain": {
            "ok": run.chain_ok,
            "checked_events": run.checked_events,
            "head_position": run.head_position,
            "first_broken_position": run.first_broken_position,
            "club": run.broken_club or None,
            "code": run.broken_code or None,
            "reason": run_chain_reason(run),
        }
        if chain_seen
        else None,
        "ledger": {
            "ok": ledger_ok,
            "tables_checked": tables_checked,
            "differences": [table_differences_said(entry) for entry in differences],
        },
        "error": run.error,
    }


class AuditListCreateApi(APIView):
    def get_permissions(self) -> list[BasePermission]:
        return [IsAuditorOrAdmin()] if self.request.method == "POST" else [IsAuditor()]

    @extend_schema(
        operation_id="audits_list",
        tags=["audits"],
        parameters=page_parameters(),
        responses={200: AuditRunListOutputSerializer, **error_responses(400, 403)},
        description="Every audit run, newest first, paged.",
    )
    def get(self, request: Request) -> Response:
        club_id = request_key(request).club_id
        operator = is_operator(request)
        return paginate_queryset(
            request,
            audit_run_list(club_id=None if operator else club_id),
            list_name="audits",
            key="audits",
            order=("-created_at", "-id"),
            render=lambda shown: (
                AuditRunOutputSerializer(
                    [audit_for_club(run, club_id, operator=operator) for run in shown], many=True
                ).data
            ),
        )

    @extend_schema(
        operation_id="audits_request",
        parameters=[location(202), idempotency_parameter("the same audit run")],
        tags=["audits"],
        request=None,
        responses={202: AuditRequestedOutputSerializer, **error_responses(400, 403, 422)},
    )
    @idempotent_create()
    def post(self, request: Request) -> Response:
        key = request_key(request)
        club_id = "" if is_operator(request) else str(key.club_id)
        run = audit_request(requested_by=key, club_id=club_id)
        url = reverse("v1:audit", kwargs={"run_id": run.id}, request=request)
        body = {"id": run.id, "status": run.status, "url": url}
        return Response(
            AuditRequestedOutputSerializer(body).data,
            status=status.HTTP_202_ACCEPTED,
            headers={"Location": url},
        )


class AuditDetailApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="audits_get",
        tags=["audits"],
        responses={200: AuditRunOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, run_id: uuid.UUID) -> Response:
        club_id = request_key(request).club_id
        operator = is_operator(request)
        run = audit_run_get(run_id=run_id, club_id=None if operator else club_id)
        if run is None:
            raise NotFound(gettext("no such audit"))
        return Response(
            AuditRunOutputSerializer(audit_for_club(run, club_id, operator=operator)).data
        )


def _position(request: Request, name: str, default: int | None, least: int) -> int | None:
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return default
    value = ascii_int(raw, signed=True)
    if value is None:
        value = least - 1
    if value < least:
        raise ApiError(
            status_code=status.HTTP_400_BAD_REQUEST,
            code="invalid_request",
            message=gettext("%(field)s must be a position, an integer of at least %(least)s")
            % {"field": name, "least": least},
            field=name,
        )
    return value


#: Positions one page of `GET /audits/log` holds unless `limit` says (at most MAX_LIMIT).
AUDIT_LOG_PAGE = MAX_LIMIT


class AuditLogDownloadApi(APIView):
    """The caller's club's log with its hash chain, as JSON Lines, a page of positions at a
    time: each page is a section of its own (a header with its `anchor`, then its events),
    checkable alone, and the pages concatenated are the club's chain."""

    permission_classes = [IsAuditorOrAdmin]

    @extend_schema(
        operation_id="audits_log_download",
        tags=["audits"],
        parameters=[
            OpenApiParameter("from", int, description="first position of the club's log (1)"),
            OpenApiParameter("to", int, description="last position (default: the head now)"),
            *page_parameters(AUDIT_LOG_PAGE),
        ],
        responses={
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR,
                description="bourre-audit-log/2 JSON Lines: a header, then the page's events "
                f"(at most `limit`, {AUDIT_LOG_PAGE} unless it says). The header's `next` (and "
                'the `Link: <...>; rel="next"` header) is the next page\'s URL, null on the '
                "last page; `tools/verify_audit_log.py --api` follows the pages.",
            ),
            **error_responses(400, 403),
        },
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        page = page_request(request, "audit-log", default_limit=AUDIT_LOG_PAGE)
        start = _position(request, "from", 1, least=1) or 1
        if page.after is not None:  # the cursor: the last position of the page before
            if len(page.after) != 1 or not isinstance(page.after[0], int) or page.after[0] < 1:
                raise bad_cursor(gettext("not a cursor of this list"))
            start = page.after[0] + 1
        stop = _position(request, "to", None, least=0)
        club_id = request_key(request).club_id
        shown = audit_log_page(
            club=club_id, from_position=start, to_position=stop, limit=page.limit
        )
        url = next_url(request, encode_cursor("audit-log", [shown.last])) if shown.more else None
        try:
            lines = audit_log_lines(
                club=club_id,
                from_position=start,
                to_position=shown.last,
                header_extra={"next": url},
            )
        except ValueError as error:
            raise ApiError(
                status_code=status.HTTP_400_BAD_REQUEST,
                code="invalid_request",
                message=str(error),
                field="cursor" if page.after is not None else "from",
            ) from error
        response = StreamingHttpResponse(
            (line.encode("utf-8") for line, _ in lines),
            content_type="application/x-ndjson; charset=utf-8",
        )
        response["Content-Disposition"] = (
            f'attachment; filename="bourre-audit-log-{club_id}-{start}.jsonl"'
        )
        if url:
            response["Link"] = f'<{url}>; rel="next"'
        return response
