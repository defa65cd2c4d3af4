"""The exports API: ask for an export, poll it, download the file once it is ready."""

from __future__ import annotations

import uuid

from django.http import FileResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.errors import ApiError, error_responses
from api_common.headers import location
from api_common.idempotency import idempotency_parameter, idempotent_create
from api_common.pagination import page_parameters, paginate_queryset
from clubs.api.permissions import IsAuditor, request_key
from exports.api.serializers import (
    ExportCreateInputSerializer,
    ExportJobListOutputSerializer,
    ExportJobOutputSerializer,
)
from exports.models import ExportJob, ExportStatus
from exports.selectors import export_job_get, export_job_list
from exports.services import ExportRefused, export_create, export_path


def job_body(job: ExportJob, request: Request) -> dict[str, object]:
    job.download_url = (  # type: ignore[attr-defined]
        reverse("v1:export-download", kwargs={"job_id": job.id}, request=request)
        if job.status == ExportStatus.SUCCEEDED
        else None
    )
    job.url = reverse("v1:export", kwargs={"job_id": job.id}, request=request)  # type: ignore[attr-defined]
    return dict(ExportJobOutputSerializer(job).data)


class ExportCreateApi(APIView):
    # Auditors, scorekeepers and admins of the club: an export only reads.
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="exports_list",
        tags=["exports"],
        parameters=page_parameters(),
        responses={200: ExportJobListOutputSerializer, **error_responses(400, 403)},
        description="The club's exports, newest first, paged.",
    )
    def get(self, request: Request) -> Response:
        return paginate_queryset(
            request,
            export_job_list(club=request_key(request).club),
            list_name="exports",
            key="exports",
            order=("-created_at", "-id"),
            render=lambda shown: [job_body(job, request) for job in shown],
        )

    @extend_schema(
        operation_id="exports_create",
        parameters=[location(202), idempotency_parameter("the same job")],
        tags=["exports"],
        request=ExportCreateInputSerializer,
        responses={202: ExportJobOutputSerializer, **error_responses(400, 403, 422)},
    )
    @idempotent_create()
    def post(self, request: Request) -> Response:
        body = ExportCreateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            job = export_create(
                club=request_key(request).club,
                kind=data["kind"],
                format=data["format"],
                table_id=data.get("table"),
                date_from=data.get("from"),
                date_to=data.get("to"),
                requested_by=request_key(request),
            )
        except ExportRefused as refused:
            if refused.code:
                raise ApiError(
                    status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
                    code=refused.code,
                    message=str(refused),
                    field=refused.field,
                ) from None
            raise ValidationError({refused.field: [str(refused)]}) from None
        url = reverse("v1:export", kwargs={"job_id": job.id}, request=request)
        return Response(
            job_body(job, request), status=status.HTTP_202_ACCEPTED, headers={"Location": url}
        )


class ExportDetailApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="exports_get",
        tags=["exports"],
        responses={200: ExportJobOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, job_id: uuid.UUID) -> Response:
        job = export_job_get(club=request_key(request).club, job_id=job_id)
        if job is None:
            raise NotFound(gettext("no such export in this club"))
        return Response(job_body(job, request))


class ExportDownloadApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="exports_download",
        tags=["exports"],
        responses={
            # The CSV first: a generated client reads either file as its text.
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="the file of a `csv` export"
            ),
            (200, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="the file of a `json` export"
            ),
            **error_responses(403, 404, 409),
        },
        description="The export's file once it has succeeded (409 `export_not_ready` "
        "before): `text/csv` or `application/json`, as the export's `format` says.",
    )
    def get(self, request: Request, job_id: uuid.UUID) -> FileResponse:
        job = export_job_get(club=request_key(request).club, job_id=job_id)
        if job is None:
            raise NotFound(gettext("no such export in this club"))
        if job.status != ExportStatus.SUCCEEDED:
            raise ApiError(
                status_code=status.HTTP_409_CONFLICT,
                code="export_not_ready",
                message=gettext("the export is %(status)s, not ready") % {"status": job.status},
            )
        try:
            handle = open(export_path(job), "rb")  # noqa: SIM115 - FileResponse closes it
        except FileNotFoundError:
            raise NotFound(gettext("the export's file is gone; request a new export")) from None
        return FileResponse(
            handle,
            as_attachment=True,
            filename=f"bourre-{job.kind}-{job.id}.{job.format}",
            content_type=job.content_type,
        )
