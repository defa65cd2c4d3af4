"""QR codes drawn by the service itself (segno, SVG): no outside service is asked."""

from __future__ import annotations

import io

import segno
from django.utils.translation import gettext


def qr_svg(url: str, *, scale: int = 6) -> str:
    """The QR code of `url` as an SVG document (dark modules on white, a quiet zone)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=scale,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        svgns=True,
        omitsize=True,  # a viewBox only: the page sizes it
        title=gettext("QR code of the players' view"),
    )
    return out.getvalue().decode()
