"""Key management for club admins: list, create (shown once), revoke."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from clubs.api.errors import ApiError, error_responses
from clubs.api.headers import location
from clubs.api.pagination import page_parameters, paginate_queryset
from clubs.api.permissions import IsKeyAdmin, request_key
from clubs.api.serializers import (
    ApiKeyCreatedOutputSerializer,
    ApiKeyCreateInputSerializer,
    ApiKeyListOutputSerializer,
    ApiKeyOutputSerializer,
)
from clubs.selectors import api_key_get, api_key_list
from clubs.services import LastAdminKey, api_key_create, api_key_revoke


class ApiKeyListCreateApi(APIView):
    permission_classes = [IsKeyAdmin]

    @extend_schema(
        operation_id="keys_list",
        tags=["keys"],
        parameters=page_parameters(),
        responses={200: ApiKeyListOutputSerializer, **error_responses(400, 403)},
    )
    def get(self, request: Request) -> Response:
        return paginate_queryset(
            request,
            api_key_list(club=request_key(request).club),
            list_name="keys",
            key="keys",
            order=("created_at", "id"),
            render=lambda shown: ApiKeyOutputSerializer(shown, many=True).data,
        )

    @extend_schema(
        operation_id="keys_create",
        parameters=[location(201)],
        tags=["keys"],
        request=ApiKeyCreateInputSerializer,
        responses={201: ApiKeyCreatedOutputSerializer, **error_responses(400, 403)},
    )
    def post(self, request: Request) -> Response:
        body = ApiKeyCreateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        key, raw = api_key_create(club=request_key(request).club, **body.validated_data)
        key.key = raw  # type: ignore[attr-defined]
        url = reverse("v1:key-revoke", kwargs={"key_id": key.id}, request=request)
        return Response(
            ApiKeyCreatedOutputSerializer(key).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": url},
        )


class ApiKeyRevokeApi(APIView):
    permission_classes = [IsKeyAdmin]

    @extend_schema(
        operation_id="keys_revoke",
        tags=["keys"],
        responses={200: ApiKeyOutputSerializer, **error_responses(403, 404, 409)},
    )
    def delete(self, request: Request, key_id: uuid.UUID) -> Response:
        key = api_key_get(club=request_key(request).club, key_id=key_id)
        if key is None:
            raise NotFound("no such key in this club")
        try:
            revoked = api_key_revoke(key=key)
        except LastAdminKey:
            raise ApiError(
                status_code=status.HTTP_409_CONFLICT,
                code="last_admin_key",
                message="this is the club's last admin key: create another admin key first",
            ) from None
        return Response(ApiKeyOutputSerializer(revoked).data)
