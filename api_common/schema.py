"""OpenAPI post-processing: the errors any operation can answer, documented once.

The request guard (api_common/guard.py) and the parser (api_common/parsers.py) answer for
every operation before its view runs, so every operation documents them: 400 (a control
character in the path or a query parameter, malformed or too deeply nested JSON), 404 (no
such URL), 413 (a body over the upload limit), 500 and 503 (the database unavailable, with
Retry-After). DRF's content negotiation answers for every view too: 406 to an `Accept`
that asks for neither JSON nor (where offered) CSV, and 415 to a body that is not JSON
where the operation reads one; a client generated from the schema then knows both (the
live stream takes any `Accept`)."""

from __future__ import annotations

from typing import Any

from django.utils.http import content_disposition_header
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response

_ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
_COMMON = {
    "400": "Malformed request (`invalid_request` naming the `field`, `parse_error`, "
    "`json_too_deep` with its `limit`)",
    "404": "No such URL (`not_found`): also a malformed path parameter, or a `format` "
    "the operation does not render",
    "500": "Internal error (`internal_error`); nothing was carried out",
    "503": "The database is unavailable (`service_unavailable`) or stopped a query past the "
    "web's time bound (`database_timeout`); retry after `Retry-After`",
}
_NEGOTIATED = {
    "406": "The form asked for (`Accept`) is not offered here (`not_acceptable`)",
}
_WITH_BODY = {"413": "The body is over the upload limit (`request_too_large` with its `limit`)"}
_READS_BODY = {"415": "The body is not `application/json` (`unsupported_media_type`)"}
_STREAM = "text/event-stream"
_RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds to wait"}}


def add_common_errors(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    if "ErrorResponse" not in result.get("components", {}).get("schemas", {}):
        return result
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/api/v1/"):
            continue
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            wanted = dict(_COMMON)
            if not _streams(operation):
                wanted.update(_NEGOTIATED)
            if method in ("post", "put", "patch"):
                wanted.update(_WITH_BODY)
            if "requestBody" in operation:
                wanted.update(_READS_BODY)
            responses = operation["responses"]
            for status, description in wanted.items():
                responses.setdefault(status, {"content": _ERROR, "description": description})
            responses["503"].setdefault("headers", _RETRY_AFTER)
    return result


def _streams(operation: dict[str, Any]) -> bool:
    return any(
        _STREAM in (answer.get("content") or {}) for answer in operation["responses"].values()
    )


class SchemaView(SpectacularAPIView):
    """The schema, its file name (the API's title: "Bourré referee API.yaml") sent as RFC
    6266 says. The library writes a bare `filename="..."`, which carries the "é" as one
    latin-1 byte: browsers saved "Bourr_ referee API.yaml" or worse. Beyond ASCII the name
    goes as `filename*=utf-8''...`, which every browser reads."""

    @extend_schema(**SCHEMA_KWARGS)  # described (or left out) as the library's own view
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        response: Response = super().get(request, *args, **kwargs)
        disposition = response.get("Content-Disposition", "")
        if disposition.startswith('inline; filename="') and disposition.endswith('"'):
            filename = disposition.removeprefix('inline; filename="')[:-1]
            response["Content-Disposition"] = content_disposition_header(False, filename)
        return response
