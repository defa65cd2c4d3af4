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
_LIMITED = {
    "429": "The key sent more requests than its rate limit allows (`rate_limited`, with the "
    "policy's `limit` and `window`); retry after `Retry-After`",
}
_STREAM = "text/event-stream"
#: On every answer of the API (api_common/request_id.py, api_common/ratelimit.py).
_EVERY_ANSWER = {
    "X-Request-ID": {
        "schema": {"type": "string"},
        "description": "the request's id: the client's own `X-Request-ID` when it is 1 to 128 "
        "of `A-Za-z0-9._:/+=@-`, else one made by the server; also in an error's "
        "`request_id` and in the access log",
    },
    "RateLimit-Policy": {
        "schema": {"type": "string"},
        "description": 'the key\'s quota (draft-ietf-httpapi-ratelimit-headers): `"per-key";'
        "q=<requests>;w=<seconds>`",
    },
    "RateLimit": {
        "schema": {"type": "string"},
        "description": '`"per-key";r=<requests left>;t=<seconds until the quota is whole>`',
    },
}
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
            wanted = {**_COMMON, **_LIMITED}
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
            responses["429"].setdefault("headers", _RETRY_AFTER)
            for answer in responses.values():
                headers = answer.setdefault("headers", {})
                for name, header in _EVERY_ANSWER.items():
                    headers.setdefault(name, header)
    return result


#: What the request guard lets through in text (common/text_rules.py `character_fault`: no
#: control character but tab and newline), as a JSON Schema pattern.
PRINTABLE = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"


def _printable(schema: Any) -> None:
    """`schema` and the text it holds say they take no control character."""
    if not isinstance(schema, dict):
        return
    if schema.get("type") in ("string", ["string", "null"]) and not (
        {"pattern", "enum", "const", "format"} & set(schema)
    ):
        schema["pattern"] = PRINTABLE
    for key in ("items", "additionalProperties"):
        _printable(schema.get(key))
    for key in ("properties",):
        for inner in (schema.get(key) or {}).values():
            _printable(inner)
    for key in ("oneOf", "anyOf", "allOf"):
        for inner in schema.get(key) or []:
            _printable(inner)


def refuse_control_characters(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """The text of every parameter and request body says what the guard refuses (a control
    character is a 400 on any operation): a client generated from the schema, and
    schemathesis, then agree with the server on what is a valid request."""
    schemas = result.get("components", {}).get("schemas", {})
    seen: set[str] = set()

    def body(schema: Any) -> None:
        if not isinstance(schema, dict):
            return
        ref = schema.get("$ref", "")
        if ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[1]
            if name not in seen and name in schemas:
                seen.add(name)
                body(schemas[name])
            return
        _printable(schema)
        for value in schema.values():
            if isinstance(value, dict):
                body(value)
            elif isinstance(value, list):
                for item in value:
                    body(item)

    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                _printable(parameter.get("schema"))
            for media in (operation.get("requestBody") or {}).get("content", {}).values():
                body(media.get("schema"))
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
