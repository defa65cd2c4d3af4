"""The API's one JSON parser: bounded in size and depth, and no text the database refuses.

A 1,000-deep document is 2 KB and used to exhaust the stack in the views (a 500); a NUL in
any string used to reach PostgreSQL (a 500). Both are refused here, before any view runs,
with the error envelope naming the limit or the field. So is an object that names a field
twice (`{"expected_version": 1, "expected_version": 2}`): RFC 8259 leaves its meaning to
each parser (Python's kept the last), so the API does not guess which one the client meant."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils.translation import gettext
from rest_framework import status
from rest_framework.parsers import JSONParser

from api_common.text import BadText, TooDeep, check_document

if TYPE_CHECKING:
    from api_common.errors import ApiError

MAX_JSON_DEPTH = 64


def _api_error(**fields: Any) -> ApiError:
    # Imported late: rest_framework.views (imported by errors) loads this parser class.
    from api_common.errors import ApiError

    return ApiError(**fields)


def upload_limit() -> int:
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440)


def too_large(limit: int) -> ApiError:
    return _api_error(
        status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        code="request_too_large",
        message=gettext("the body is larger than %(limit)s bytes") % {"limit": limit},
        limit=limit,
    )


def too_deep() -> ApiError:
    return _api_error(
        status_code=status.HTTP_400_BAD_REQUEST,
        code="json_too_deep",
        message=gettext("JSON nested deeper than %(limit)s levels") % {"limit": MAX_JSON_DEPTH},
        limit=MAX_JSON_DEPTH,
    )


def bad_text(error: BadText) -> ApiError:
    return _api_error(
        status_code=status.HTTP_400_BAD_REQUEST,
        code="invalid_request",
        message=str(error),
        field=error.field,
        fields={error.field: [error.reason]},  # as every 400 `invalid_request` lists them
    )


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = upload_limit()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise too_large(limit)
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            document = json.loads(
                raw.decode(encoding), parse_constant=_refuse_constant, object_pairs_hook=_object
            )
        except RecursionError:
            raise too_deep() from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise _api_error(
                status_code=status.HTTP_400_BAD_REQUEST,
                code="parse_error",
                message=gettext("JSON parse error - %(error)s") % {"error": exc},
            ) from None
        try:
            check_document(document, max_depth=MAX_JSON_DEPTH)
        except TooDeep:
            raise too_deep() from None
        except BadText as error:
            raise bad_text(error) from None
        return document


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                raise ValueError(gettext("%(name)r is named twice in one object") % {"name": name})
            seen.add(name)
    return document
