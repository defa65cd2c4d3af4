"""The key's club (any key reads it, an admin sets its time zone), and key management for
club admins: list, create (shown once), read one, revoke."""

from __future__ import annotations

import uuid

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
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
from clubs.api.permissions import IsAuditor, IsClubAdmin, IsKeyAdmin, request_key
from clubs.api.serializers import (
    ApiKeyCreatedOutputSerializer,
    ApiKeyCreateInputSerializer,
    ApiKeyListOutputSerializer,
    ApiKeyOutputSerializer,
    ClubOutputSerializer,
    ClubUpdateInputSerializer,
)
from clubs.models import ApiKey, Club
from clubs.nights import NIGHT_TURNS_AT, UnknownTimeZone
from clubs.selectors import api_key_get, api_key_list
from clubs.services import (
    KeyRefused,
    LastAdminKey,
    api_key_create,
    api_key_revoke,
    club_time_zone_set,
)


def _club_body(club: Club) -> dict[str, str]:
    return {
        "id": str(club.id),
        "name": club.name,
        "time_zone": club.time_zone,
        "night_turns_at": NIGHT_TURNS_AT.strftime("%H:%M"),
    }


class ClubApi(APIView):
    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [IsClubAdmin()] if self.request.method == "PATCH" else [IsAuditor()]

    @extend_schema(
        operation_id="club_read",
        tags=["club"],
        responses={200: ClubOutputSerializer, **error_responses(403)},
        description="The key's club, with the time zone its nights are counted in.",
    )
    def get(self, request: Request) -> Response:
        return Response(_club_body(request_key(request).club))

    @extend_schema(
        operation_id="club_update",
        tags=["club"],
        request=ClubUpdateInputSerializer,
        responses={200: ClubOutputSerializer, **error_responses(400, 403)},
        description="Set where the club plays (admin). Standings and exports count club "
        "nights in this zone from now on; deals already counted keep their night until the "
        "standings are rebuilt (`manage.py rebuild --projection player_stats`).",
    )
    def patch(self, request: Request) -> Response:
        body = ClubUpdateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = request_key(request).club
        try:
            club_time_zone_set(club=club, time_zone=body.validated_data["time_zone"])
        except UnknownTimeZone as refused:
            raise ValidationError({"time_zone": [str(refused)]}) from None
        return Response(_club_body(club))


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
        parameters=[
            location(201),
            idempotency_parameter("the same key, its secret null"),
        ],
        tags=["keys"],
        request=ApiKeyCreateInputSerializer,
        responses={201: ApiKeyCreatedOutputSerializer, **error_responses(400, 403, 422)},
    )
    @idempotent_create(secret_fields=("key",))
    def post(self, request: Request) -> Response:
        body = ApiKeyCreateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            key, raw = api_key_create(club=request_key(request).club, **body.validated_data)
        except KeyRefused as refused:
            raise ApiError(
                status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
                code="invalid_text",
                message=gettext("name: %(problem)s") % {"problem": refused},
                field="name",
            ) from None
        key.key = raw  # type: ignore[attr-defined]
        url = reverse("v1:key", kwargs={"key_id": key.id}, request=request)
        return Response(
            ApiKeyCreatedOutputSerializer(key).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": url},
        )


def _key_or_404(request: Request, key_id: uuid.UUID) -> ApiKey:
    key = api_key_get(club=request_key(request).club, key_id=key_id)
    if key is None:
        raise NotFound(gettext("no such key in this club"))
    return key


class ApiKeyDetailApi(APIView):
    """One key: the `Location` of its creation, so a client that follows it reads the key
    (without its secret) instead of a 405."""

    permission_classes = [IsKeyAdmin]

    @extend_schema(
        operation_id="keys_read",
        tags=["keys"],
        responses={200: ApiKeyOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, key_id: uuid.UUID) -> Response:
        return Response(ApiKeyOutputSerializer(_key_or_404(request, key_id)).data)

    @extend_schema(
        operation_id="keys_revoke",
        tags=["keys"],
        responses={200: ApiKeyOutputSerializer, **error_responses(403, 404, 409)},
    )
    def delete(self, request: Request, key_id: uuid.UUID) -> Response:
        key = _key_or_404(request, key_id)
        try:
            revoked = api_key_revoke(key=key)
        except LastAdminKey:
            raise ApiError(
                status_code=status.HTTP_409_CONFLICT,
                code="last_admin_key",
                message=gettext(
                    "this is the club's last admin key: create another admin key first"
                ),
            ) from None
        return Response(ApiKeyOutputSerializer(revoked).data)
