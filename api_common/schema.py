"""OpenAPI post-processing: the errors any operation can answer, documented once.

The request guard (api_common/guard.py) and the parser (api_common/parsers.py) answer for
every operation before its view runs, so every operation documents them: 400 (a control
character in the path or a query parameter, malformed or too deeply nested JSON), 404 (no
such URL), 413 (a body over the upload limit), 500 and 503 (the database unavailable, with
Retry-After)."""

from __future__ import annotations

from typing import Any

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
_WITH_BODY = {"413": "The body is over the upload limit (`request_too_large` with its `limit`)"}
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
            if method in ("post", "put", "patch"):
                wanted.update(_WITH_BODY)
            responses = operation["responses"]
            for status, description in wanted.items():
                responses.setdefault(status, {"content": _ERROR, "description": description})
            responses["503"].setdefault("headers", _RETRY_AFTER)
    return result
