"""One error shape for the whole API: ``{"error": {"code", "message", ...}}``.

`api_exception_handler` is the REST_FRAMEWORK exception handler; views raise `ApiError`
for domain refusals (a 409 version conflict, a 422 rejected event) with extra fields.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from api_common.error_codes import error_choices


class ApiError(exceptions.APIException):
    def __init__(self, *, status_code: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(detail=message, code=code)
        self.status_code = status_code
        self.payload: dict[str, Any] = {"code": code, "message": message, **extra}


def _first_field(detail: Any, prefix: str = "") -> str | None:
    if isinstance(detail, dict):
        for name, value in detail.items():
            if isinstance(name, int):  # a list item: players[2]
                path = f"{prefix}[{name}]"
            else:
                path = f"{prefix}.{name}" if prefix else str(name)
            if name == "non_field_errors":
                path = prefix or None  # type: ignore[assignment]
            inner = _first_field(value, path or "")
            return inner if inner else path
    if isinstance(detail, list):
        for i, value in enumerate(detail):
            if isinstance(value, dict | list) and value:
                return _first_field(value, f"{prefix}[{i}]")
    return prefix or None


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for value in detail.values():
            return _first_message(value)
    if isinstance(detail, list):
        for value in detail:
            text = _first_message(value)
            if text:
                return text
        return ""
    return str(detail)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ApiError):
        body = exc.payload
    elif isinstance(exc, exceptions.ValidationError):
        field = _first_field(exc.detail)
        message = _first_message(exc.detail)
        body = {
            "code": "invalid_request",
            "message": f"{field}: {message}" if field else message,
            "field": field,
            "fields": exc.detail,
        }
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        body = {
            "code": codes if isinstance(codes, str) else exc.default_code,
            "message": str(exc.detail),
        }
    else:  # pragma: no cover - DRF only handles APIException subclasses
        body = {"code": "error", "message": str(exc)}
    response.data = {"error": body}
    return response


class ErrorDetailSerializer(serializers.Serializer):
    # Its choices are the catalogue once the apps have registered their codes (`get_fields`).
    code = serializers.ChoiceField(
        choices=(), help_text="stable machine-readable code (docs/api.md lists them)"
    )
    message = serializers.CharField()
    field = serializers.CharField(required=False, allow_null=True)
    fields = serializers.JSONField(required=False, help_text="400: every invalid field")
    index = serializers.IntegerField(required=False, help_text="422: 0-based event position")
    expected_player = serializers.CharField(required=False, allow_null=True)
    current_version = serializers.IntegerField(required=False, help_text="409: the version now")
    expected_version = serializers.IntegerField(
        required=False, help_text="409 `version_conflict`: the version the request expected"
    )
    limit = serializers.IntegerField(
        required=False,
        help_text="413 `request_too_large`: the bytes a body may hold; 400 `json_too_deep`: "
        "the levels it may nest; 429 `rate_limited`: the requests a key may send per `window`",
    )
    deal = serializers.IntegerField(required=False, allow_null=True)
    action = serializers.IntegerField(required=False, allow_null=True)
    window = serializers.IntegerField(
        required=False, help_text="429 `rate_limited`: the seconds the `limit` is counted over"
    )
    request_id = serializers.CharField(
        required=False, help_text="the answer's `X-Request-ID`: quote it when reporting"
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["code"].choices = error_choices()  # type: ignore[attr-defined]
        return fields


class ErrorResponseSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


_DESCRIPTIONS = {
    400: "Malformed request body (`invalid_request`, with the offending `field`)",
    401: "No API key, or an invalid or revoked one",
    403: "The key's role may not do this",
    404: "No such resource in this club",
    406: "The form asked for (`Accept` or `?format=`) is not offered here (`not_acceptable`)",
    409: "Conflict with the resource's state (`version_conflict` with `current_version` and "
    "`expected_version`, `table_closed`, ...)",
    422: "Refused: by the rules (the engine's `code`, `message`, `index`, `expected_player`), "
    "or a text, an option or an `Idempotency-Key` reused with another body "
    "(`idempotency_conflict`)",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """`extend_schema(responses=...)` entries for the given error statuses (401 always)."""
    wanted = sorted({status.HTTP_401_UNAUTHORIZED, *codes})
    return {
        c: OpenApiResponse(ErrorResponseSerializer, description=_DESCRIPTIONS[c]) for c in wanted
    }
