"""CSV as a second rendering of a read endpoint (`Accept: text/csv` or `?format=csv`).

A view that offers it mixes in `CsvOrJson` and, when `wants_csv(request)`, answers with
rows (lists of cells). Errors stay in the API's JSON envelope either way.
"""

from __future__ import annotations

import io
from typing import Any

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.csv_cells import CsvWriter

#: The `?format=` query of a view that offers CSV (document it with the view's 406).
FORMAT_PARAMETER = OpenApiParameter(
    "format",
    OpenApiTypes.STR,
    required=False,
    enum=["json", "csv"],
    description="`csv` for the CSV form (as `Accept: text/csv`), `json` (default); "
    "anything else is 406 `not_acceptable`",
)


#: The `?format=` of a view whose CSV is its own operation (`csv_twin`): the schema offers
#: only JSON here, so a client generated from it never asks this operation for CSV.
JSON_FORMAT_PARAMETER = OpenApiParameter(
    "format",
    OpenApiTypes.STR,
    required=False,
    enum=["json"],
    description="`json` (the default). The CSV is its own operation, the same path with "
    "`.csv` (`?format=csv` and `Accept: text/csv` here still answer it)",
)


class CsvRenderer(BaseRenderer):
    """Writes what the view gives as rows (lists); a mapping as `code,message` (errors
    are JSON under `CsvOrJson`, so that is a fallback only)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: dict[str, Any] | None = None,
    ) -> bytes:
        out = io.StringIO()
        writer = CsvWriter(out, lineterminator="\n")
        if isinstance(data, dict):  # an error: {"error": {"code", "message", ...}}
            error = data.get("error", data)
            writer.writerows([["code", "message"], [error.get("code"), error.get("message")]])
        else:
            writer.writerows(data)
        return out.getvalue().encode(self.charset)


def wants_csv(request: Request) -> bool:
    return request.accepted_renderer.format == CsvRenderer.format


class FormatNegotiation(DefaultContentNegotiation):
    """DRF answers an unknown `?format=` with a 404, as if the URL did not exist: the
    URL does, the form asked for does not, which is a 406 naming the parameter."""

    def select_renderer(self, request: Request, renderers: Any, format_suffix: Any = None) -> Any:
        asked = request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
        if asked is not None and not asked.strip():
            # DRF reads an empty `?format=` as no format at all; the schema's enum does not.
            offered = ", ".join(r.format for r in renderers)
            raise NotAcceptable(f"format: {asked!r} is not one of {offered}")
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except Http404:
            asked = request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
            offered = ", ".join(r.format for r in renderers)
            raise NotAcceptable(f"format: {asked!r} is not one of {offered}") from None


class CsvOrJson:
    """A view mixin: JSON, or CSV when asked for; an error is always the JSON envelope
    (with its real code and message), whatever the `Accept` header asked for."""

    renderer_classes = [JSONRenderer, CsvRenderer]
    content_negotiation_class = FormatNegotiation

    def handle_exception(self, exc: Exception) -> Response:
        request = getattr(self, "request", None)
        if request is not None:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().handle_exception(exc)  # type: ignore[misc,no-any-return]


def csv_twin(
    view: type[APIView],
    *,
    operation_id: str,
    tag: str,
    description: str,
    parameters: list[Any],
    errors: dict[int, Any],
) -> type[APIView]:
    """The CSV of a view that renders JSON or CSV (`CsvOrJson`), as an operation of its own
    (routed at the view's path with `.csv`): a client generated from the schema reads JSON
    from one operation and text from the other, where one operation with both forms had the
    generated Python client parse a CSV answer as JSON and fail."""

    def get(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        return view.get(self, request, *args, **kwargs)  # type: ignore[attr-defined,no-any-return]

    schema = extend_schema(
        operation_id=operation_id,
        tags=[tag],
        description=f"{description}, as CSV (the JSON operation at the same path without "
        "`.csv` says what each column holds).",
        parameters=parameters,
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description=f"{description}"),
            # An error is the JSON envelope here too (`CsvOrJson`), not the view's renderer's.
            **{(code, "application/json"): answer for code, answer in errors.items()},
        },
    )
    return type(
        f"{view.__name__}Csv",
        (view,),
        {"renderer_classes": [CsvRenderer], "get": schema(get), "__module__": view.__module__},
    )
