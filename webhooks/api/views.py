"""Club webhooks: admins register and manage endpoints; any club key reads them and the
attempt log. Another club's endpoint is a 404."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.errors import error_responses
from api_common.headers import location
from api_common.idempotency import idempotency_parameter, idempotent_create
from api_common.pagination import (
    bad_cursor,
    page_parameters,
    page_request,
    page_response,
    paginate_queryset,
)
from clubs.api.permissions import IsAuditor, IsClubAdmin, request_key
from webhooks.api.serializers import (
    WebhookAttemptListOutputSerializer,
    WebhookAttemptOutputSerializer,
    WebhookCreatedOutputSerializer,
    WebhookCreateInputSerializer,
    WebhookListOutputSerializer,
    WebhookOutputSerializer,
    WebhookUnblockInputSerializer,
    WebhookUnblockOutputSerializer,
    WebhookUpdateInputSerializer,
)
from webhooks.models import WebhookEndpoint
from webhooks.selectors import webhook_attempt_list, webhook_endpoint_get, webhook_endpoint_list
from webhooks.services import (
    UnknownKind,
    webhook_endpoint_create,
    webhook_endpoint_deactivate,
    webhook_endpoint_unblock,
    webhook_endpoint_update,
)

TAGS = ["webhooks"]


class IsWebhookAdmin(IsClubAdmin):
    message = "managing webhooks needs an admin key"


class _ReadAuditorWriteAdmin(APIView):
    def get_permissions(self) -> list[BasePermission]:
        if self.request.method in SAFE_METHODS:
            return [IsAuditor()]
        return [IsWebhookAdmin()]


def _endpoint(request: Request, webhook_id: uuid.UUID) -> WebhookEndpoint:
    endpoint = webhook_endpoint_get(club=request_key(request).club, endpoint_id=webhook_id)
    if endpoint is None:
        raise NotFound(gettext("no such webhook in this club"))
    return endpoint


def _fresh(request: Request, endpoint: WebhookEndpoint) -> dict[str, Any]:
    return WebhookOutputSerializer(_endpoint(request, endpoint.id)).data


class WebhookListCreateApi(_ReadAuditorWriteAdmin):
    @extend_schema(
        operation_id="webhooks_list",
        tags=TAGS,
        parameters=page_parameters(),
        responses={200: WebhookListOutputSerializer, **error_responses(400, 403)},
    )
    def get(self, request: Request) -> Response:
        return paginate_queryset(
            request,
            webhook_endpoint_list(club=request_key(request).club),
            list_name="webhooks",
            key="webhooks",
            order=("created_at", "id"),
            render=lambda shown: WebhookOutputSerializer(shown, many=True).data,
        )

    @extend_schema(
        operation_id="webhooks_create",
        parameters=[
            location(201),
            idempotency_parameter("the same webhook, its secret null"),
        ],
        tags=TAGS,
        request=WebhookCreateInputSerializer,
        responses={201: WebhookCreatedOutputSerializer, **error_responses(400, 403, 422)},
    )
    @idempotent_create(secret_fields=("secret",))
    def post(self, request: Request) -> Response:
        body = WebhookCreateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            endpoint, _ = webhook_endpoint_create(
                club=request_key(request).club, **body.validated_data
            )
        except UnknownKind as exc:
            raise ValidationError({"kinds": [str(exc)]}) from exc
        created = _endpoint(request, endpoint.id)  # with its delivery state
        url = reverse("v1:webhook", kwargs={"webhook_id": endpoint.id}, request=request)
        return Response(
            WebhookCreatedOutputSerializer(created).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": url},
        )


class WebhookDetailApi(_ReadAuditorWriteAdmin):
    @extend_schema(
        operation_id="webhooks_retrieve",
        tags=TAGS,
        responses={200: WebhookOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, webhook_id: uuid.UUID) -> Response:
        return Response(WebhookOutputSerializer(_endpoint(request, webhook_id)).data)

    @extend_schema(
        operation_id="webhooks_update",
        tags=TAGS,
        request=WebhookUpdateInputSerializer,
        responses={200: WebhookOutputSerializer, **error_responses(400, 403, 404)},
    )
    def patch(self, request: Request, webhook_id: uuid.UUID) -> Response:
        endpoint = _endpoint(request, webhook_id)
        body = WebhookUpdateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            webhook_endpoint_update(endpoint=endpoint, **body.validated_data)
        except UnknownKind as exc:
            raise ValidationError({"kinds": [str(exc)]}) from exc
        return Response(_fresh(request, endpoint))

    @extend_schema(
        operation_id="webhooks_deactivate",
        tags=TAGS,
        description="Deactivates the endpoint (kept, with its attempt log; PATCH active=true "
        "turns it back on and delivers what it missed).",
        responses={200: WebhookOutputSerializer, **error_responses(403, 404)},
    )
    def delete(self, request: Request, webhook_id: uuid.UUID) -> Response:
        endpoint = webhook_endpoint_deactivate(endpoint=_endpoint(request, webhook_id))
        return Response(_fresh(request, endpoint))


class WebhookAttemptListApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="webhooks_deliveries",
        tags=TAGS,
        description="Every delivery attempt to this endpoint, newest first, paged.",
        parameters=page_parameters(),
        responses={200: WebhookAttemptListOutputSerializer, **error_responses(400, 403, 404)},
    )
    def get(self, request: Request, webhook_id: uuid.UUID) -> Response:
        endpoint = _endpoint(request, webhook_id)
        page = page_request(request, "webhook-attempts")
        before = None
        if page.after is not None:
            if len(page.after) != 1 or type(page.after[0]) is not int:
                raise bad_cursor(gettext("not a cursor of this list"))
            before = page.after[0]
        attempts = webhook_attempt_list(endpoint=endpoint, limit=page.limit + 1, before=before)
        return page_response(
            request,
            page,
            key="attempts",
            items=attempts,
            render=lambda shown: WebhookAttemptOutputSerializer(shown, many=True).data,
            keyset=lambda attempt: [attempt.id],
        )


class WebhookUnblockApi(APIView):
    permission_classes = [IsWebhookAdmin]

    @extend_schema(
        operation_id="webhooks_unblock",
        tags=TAGS,
        description="Release an endpoint blocked by a dead delivery: retry that event or skip "
        "it. Later events are delivered after it.",
        request=WebhookUnblockInputSerializer,
        responses={200: WebhookUnblockOutputSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request: Request, webhook_id: uuid.UUID) -> Response:
        endpoint = _endpoint(request, webhook_id)
        body = WebhookUnblockInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        action = body.validated_data["action"]
        delivery = webhook_endpoint_unblock(endpoint=endpoint, skip=action == "skip")
        return Response(
            {
                "webhook": _fresh(request, endpoint),
                "position": delivery.position if delivery is not None else None,
                "action": action,
            }
        )
