"""QR codes drawn by the service itself (segno, SVG): no outside service is asked."""

from __future__ import annotations

import functools
import io

import segno
from django.utils.translation import gettext


def qr_svg(url: str, *, scale: int = 6) -> str:
    """The QR code of `url` as an SVG document (dark modules on white, a quiet zone)."""
    return _drawn(url, scale, gettext("QR code of the players' view"))


# Drawing one takes about 19 ms: the display redraws its invitation with every event it
# shows, so the few links of the day are drawn once each (per process and language).
@functools.lru_cache(maxsize=256)
def _drawn(url: str, scale: int, title: str) -> str:
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
        title=title,
    )
    return out.getvalue().decode()
