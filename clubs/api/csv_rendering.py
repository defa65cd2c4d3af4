"""CSV as a second rendering of a read endpoint (`Accept: text/csv` or `?format=csv`).

A view that offers it lists `renderer_classes = [JSONRenderer, CsvRenderer]` and, when
`request.accepted_renderer.format == "csv"`, answers with rows (lists of cells).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from rest_framework.renderers import BaseRenderer


class CsvRenderer(BaseRenderer):
    """Writes what the view gives as rows (lists); an error body as `code,message`."""

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
        writer = csv.writer(out, lineterminator="\n")
        if isinstance(data, dict):  # an error: {"error": {"code", "message", ...}}
            error = data.get("error", data)
            writer.writerows([["code", "message"], [error.get("code"), error.get("message")]])
        else:
            writer.writerows(data)
        return out.getvalue().encode(self.charset)
