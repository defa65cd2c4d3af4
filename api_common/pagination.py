"""One pagination for every list of the API: an opaque `cursor` and a `limit` in the query,
the page's `next` as a full URL (null on the last page) and an RFC 8288 `Link` header.

A cursor is the keyset of the last item of a page (never an offset into a moving list),
tagged with the list it came from, base64url-encoded: clients pass it back, never build it.
A cursor that does not decode, or came from another list, is a 400 naming `cursor`.

Two ways in:

- `paginate_queryset(request, queryset, list_name=..., key=..., order=(...), render=...)`
  pages a queryset by keyset over model fields (all ascending, or all descending with
  ``-``); the last field must be unique (an id).
- `page_request(request, list_name)` then `page_response(request, page, ...)` for anything
  else (a raw SQL read, a ranked list): the view fetches ``page.limit + 1`` items after
  ``page.after`` (the decoded keyset, or None) and says how to key an item.

Schemas: `page_parameters()` for `extend_schema(parameters=...)` and
`page_serializer(ItemSerializer, key, name)` for the response.
"""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import Model, Q, QuerySet
from django.http import QueryDict
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api_common.errors import ApiError
from api_common.fields import QueryIntegerField

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000


class PageQuerySerializer(serializers.Serializer):
    cursor = serializers.CharField(
        required=False,
        max_length=2000,
        help_text="opaque: taken from the `next` URL of the page before; absent for page one",
    )
    limit = QueryIntegerField(
        min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT, help_text="items per page"
    )


def page_parameters() -> list[Any]:
    """`extend_schema(parameters=...)` of a list: `cursor`, `limit` and the `Link` header."""
    return [
        PageQuerySerializer,
        OpenApiParameter(
            "Link",
            str,
            OpenApiParameter.HEADER,
            response=[200],
            description='`<next page URL>; rel="next"` (RFC 8288); absent on the last page',
        ),
    ]


def page_serializer(
    item: type[serializers.Serializer], key: str, name: str
) -> type[serializers.Serializer]:
    """The one page shape: ``{key: [item, ...], "next": URL or null}``."""
    fields = {
        key: item(many=True),
        "next": serializers.URLField(
            allow_null=True, help_text="the next page (same query, a new cursor); null at the end"
        ),
    }
    return type(name, (serializers.Serializer,), {**fields, "__module__": __name__})


@dataclass(frozen=True, slots=True)
class PageRequest:
    list_name: str
    limit: int
    after: list[Any] | None  # the keyset of the last item of the page before


def bad_cursor(message: str) -> ApiError:
    return ApiError(
        status_code=status.HTTP_400_BAD_REQUEST,
        code="invalid_request",
        message=gettext("cursor: %(problem)s") % {"problem": message},
        field="cursor",
    )


def encode_cursor(list_name: str, values: Sequence[Any]) -> str:
    raw = json.dumps([list_name, *[_jsonable(v) for v in values]], separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(list_name: str, cursor: str) -> list[Any]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        decoded = json.loads(raw)
    except (binascii.Error, ValueError):
        raise bad_cursor(gettext("not a cursor this API issued")) from None
    if not isinstance(decoded, list) or len(decoded) < 2 or decoded[0] != list_name:
        raise bad_cursor(gettext("not a cursor of this list"))
    return decoded[1:]


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def page_request(
    request: Request, list_name: str, *, default_limit: int = DEFAULT_LIMIT
) -> PageRequest:
    """The page asked for: `limit` checked (400 naming `limit`), `cursor` decoded."""
    query = PageQuerySerializer(
        data={k: v for k, v in request.query_params.items() if k in ("cursor", "limit")}
    )
    query.is_valid(raise_exception=True)
    limit = query.validated_data["limit"] if "limit" in request.query_params else default_limit
    cursor = query.validated_data.get("cursor")
    after = None if cursor is None else decode_cursor(list_name, cursor)
    return PageRequest(list_name=list_name, limit=limit, after=after)


def ranked_offset(page: PageRequest) -> int:
    """Where a page of a ranking starts. A ranking has no stable keyset (a player's rank
    moves as deals are played): its cursor holds the number of places already shown."""
    if page.after is None:
        return 0
    if len(page.after) != 1 or type(page.after[0]) is not int or page.after[0] < 0:
        raise bad_cursor(gettext("not a cursor of this list"))
    return int(page.after[0])


def next_url(request: Request, cursor: str) -> str:
    """This request's URL with `cursor` replaced: the other filters carry over."""
    params: QueryDict = request.query_params.copy()
    params["cursor"] = cursor
    return request.build_absolute_uri(f"{request.path}?{params.urlencode()}")


def page_response(
    request: Request,
    page: PageRequest,
    *,
    key: str,
    items: Sequence[Any],
    render: Callable[[Sequence[Any]], list[Any]],
    keyset: Callable[[Any], Sequence[Any]],
    extra: dict[str, Any] | None = None,
) -> Response:
    """`items` holds up to ``page.limit + 1`` items (one more tells a next page exists);
    `render` turns the page's items into JSON, `keyset` gives an item's cursor values."""
    shown = list(items[: page.limit])
    more = len(items) > page.limit
    url = next_url(request, encode_cursor(page.list_name, keyset(shown[-1]))) if more else None
    headers = {"Link": f'<{url}>; rel="next"'} if url else None
    return Response({**(extra or {}), key: render(shown), "next": url}, headers=headers)


def keyset_filter(model: type[Model], order: Sequence[str], after: Sequence[Any]) -> Q:
    """Rows strictly after `after` in `order` (lexicographic keyset)."""
    if len(after) != len(order):
        raise bad_cursor(gettext("not a cursor of this list"))
    names = [name.lstrip("-") for name in order]
    values = []
    for name, value in zip(names, after, strict=True):
        try:
            values.append(model._meta.get_field(name).to_python(value))
        except Exception:  # a field's own validation error: the cursor was tampered with
            raise bad_cursor(gettext("not a cursor of this list")) from None
    if any(v is None for v in values):
        raise bad_cursor(gettext("not a cursor of this list"))
    op = "lt" if order[0].startswith("-") else "gt"
    condition = Q()
    for i, name in enumerate(names):
        step = Q(**{f"{name}__{op}": values[i]})
        for earlier, value in zip(names[:i], values[:i], strict=True):
            step &= Q(**{earlier: value})
        condition |= step
    return condition


def paginate_queryset(
    request: Request,
    queryset: QuerySet[Any],
    *,
    list_name: str,
    key: str,
    order: Sequence[str],
    render: Callable[[Sequence[Any]], list[Any]],
    default_limit: int = DEFAULT_LIMIT,
    extra: dict[str, Any] | None = None,
) -> Response:
    page = page_request(request, list_name, default_limit=default_limit)
    rows = queryset.order_by(*order)
    if page.after is not None:
        rows = rows.filter(keyset_filter(queryset.model, order, page.after))
    names = [name.lstrip("-") for name in order]
    return page_response(
        request,
        page,
        key=key,
        items=list(rows[: page.limit + 1]),
        render=render,
        keyset=lambda row: [getattr(row, name) for name in names],
        extra=extra,
    )
