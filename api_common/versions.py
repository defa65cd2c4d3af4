"""A table's version written as text: the one check for `?after=` (the events list, the
stream) and `Last-Event-ID` (the stream), so every place that reads one agrees."""

from __future__ import annotations

#: Versions fit in 11 digits (a table logs far fewer than 10^11 events).
_DIGITS_MAX = 11

#: The schema of a version parameter: what `version_of` takes.
VERSION_SCHEMA = {"type": "integer", "minimum": 0, "maximum": 10**_DIGITS_MAX - 1}


def version_of(raw: str | None) -> int | None:
    """The version `raw` writes (surrounding spaces allowed), or None when it is not one
    (absent, empty, a sign, a fraction, letters, too long)."""
    if raw is None:
        return None
    text = raw.strip()
    if text.isascii() and text.isdigit() and len(text) <= _DIGITS_MAX:
        return int(text)
    return None
