"""What every games view shares: the caller's table (404 across clubs), request context,
and the translation of service refusals into the API's error shape."""

from __future__ import annotations

import uuid

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request

from api_common.errors import ApiError
from clubs.api.permissions import request_key
from common.free_text import idempotency_key_problem
from games.api.error_codes import CONFLICT_CODES
from games.engine import Rejection
from games.models import Table
from games.selectors import table_get
from games.services import IdempotencyKeyReused, RequestContext


def table_or_404(request: Request, table_id: uuid.UUID) -> Table:
    table = table_get(club=request_key(request).club, table_id=table_id)
    if table is None:
        raise NotFound(gettext("no such table in this club"))
    return table


def request_context(request: Request) -> RequestContext:
    key = request_key(request)
    return RequestContext(
        actor_id=str(key.id),
        actor_name=key.name,
        client=request.headers.get("User-Agent"),
        correlation_id=str(uuid.uuid4()),  # one per request (here, not a default: plain data)
    )


def rejected(rejection: Rejection, **extra: object) -> ApiError:
    details = rejection.as_dict()
    if "deal" in details:  # the deal in progress (a located transcript passes its own)
        extra.setdefault("deal", details["deal"])
    return ApiError(
        status_code=status.HTTP_409_CONFLICT
        if rejection.code in CONFLICT_CODES
        else status.HTTP_422_UNPROCESSABLE_ENTITY,
        code=rejection.code,
        message=rejection.message,
        expected_player=details.get("expected_player"),
        field=details.get("field"),
        **extra,
    )


def idempotency_key_parameter(description: str) -> OpenApiParameter:
    return OpenApiParameter(
        "Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, description=description
    )


def idempotency_key(request: Request) -> str | None:
    """The request's `Idempotency-Key` (None without one); a 400 naming it if it is not one."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    problem = idempotency_key_problem(key)
    if problem is not None:
        raise ValidationError({"Idempotency-Key": [problem]})  # a list, as every field's
    return key


def key_reused(reused: IdempotencyKeyReused) -> ApiError:
    return ApiError(
        status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
        code=reused.code,
        message=gettext("this Idempotency-Key was already used with a different request"),
        field="Idempotency-Key",
    )
