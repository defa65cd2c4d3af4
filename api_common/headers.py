"""Response headers every api package documents the same way in the OpenAPI schema."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter


def location(status: int) -> OpenApiParameter:
    """`Location` of a 201 (what was made) or a 202 (the job to poll)."""
    what = "what was created" if status == 201 else "the job to poll (also the body's `url`)"
    return OpenApiParameter(
        "Location", str, OpenApiParameter.HEADER, response=[status], description=what
    )
