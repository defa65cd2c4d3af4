"""Import jobs: what `POST /tables/import` answers with 202 for a long transcript, polled
until the table is whole (or the refusal is known)."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.errors import error_responses
from clubs.api.permissions import IsAuditor, request_key
from games.models import ImportJob, ImportStatus
from games.selectors import import_job_get
from games.services.import_refusals import job_refusal_said

#: Seconds a client is asked to wait before polling a job not finished yet.
POLL_AFTER_SECONDS = 2


class ImportProblemOutputSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="a code of the error catalogue, as a 422 says it")
    message = serializers.CharField(
        help_text="for people, in the reader's language (`Accept-Language`), whoever posted"
    )
    field = serializers.CharField(required=False)
    expected_player = serializers.CharField(required=False, help_text="whose turn it was")
    deal = serializers.IntegerField(required=False, help_text="0-based, in the transcript")
    action = serializers.IntegerField(required=False, help_text="0-based, in the deal")


class ImportProgressOutputSerializer(serializers.Serializer):
    items = serializers.IntegerField(help_text="items the transcript posts")
    done = serializers.IntegerField(help_text="items appended so far")


class ImportJobOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=ImportStatus.values)
    name = serializers.CharField(help_text="the new table's name")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    progress = ImportProgressOutputSerializer()
    table = serializers.UUIDField(allow_null=True, help_text="the new table, once succeeded")
    table_url = serializers.URLField(allow_null=True, help_text="the new table, once succeeded")
    error = ImportProblemOutputSerializer(
        allow_null=True, help_text="why it failed: the refusal a 422 would have named"
    )
    url = serializers.URLField(help_text="this job: where to poll it")


def import_job_body(job: ImportJob, request: Request) -> dict[str, Any]:
    done = job.status == ImportStatus.SUCCEEDED
    body = {
        "id": job.id,
        "status": job.status,
        "name": job.name,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "progress": {"items": job.items, "done": job.items_done},
        "table": job.table_id if done else None,
        "table_url": reverse("v1:table", kwargs={"table_id": job.table_id}, request=request)
        if done
        else None,
        "error": job_refusal_said(job),  # said now, in the reader's language
        "url": reverse("v1:table-import", kwargs={"job_id": job.id}, request=request),
    }
    return dict(ImportJobOutputSerializer(body).data)


def poll_headers(job: ImportJob) -> dict[str, str]:
    finished = job.status in (ImportStatus.SUCCEEDED, ImportStatus.FAILED)
    return {} if finished else {"Retry-After": str(POLL_AFTER_SECONDS)}


class ImportJobApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_import_get",
        tags=["tables"],
        responses={200: ImportJobOutputSerializer, **error_responses(403, 404)},
        description="An import job: `status` queued, running, succeeded (`table`, `table_url`: "
        "the new table) or failed (`error`: the refusal a 422 would have named, its `code`, "
        "`field`, `expected_player`, `deal` and `action` (0-based) the 422's, its `message` "
        "in the reader's language, whoever posted; `import_failed` when the database or the "
        "worker failed, nothing wrong with the transcript: post it again). `Retry-After` "
        "while unfinished.",
    )
    def get(self, request: Request, job_id: uuid.UUID) -> Response:
        job = import_job_get(club=request_key(request).club, job_id=job_id)
        if job is None:
            raise NotFound(gettext("no such import in this club"))
        return Response(import_job_body(job, request), headers=poll_headers(job))
