"""Whole numbers read from a request (a header, a query parameter, a path, a form field):
ASCII digits and nothing else.

Python's own tests are wider than a client's number: `str.isdigit()` is true of `²` and of
Arabic-Indic digits, and `int()` refuses the first (a 500 where one checked and the other converted:
`Last-Event-ID: ²`) while it takes the second, `1_000` and surrounding spaces. Every
number a client sends is `[0-9]+` (with a leading `-` where a sign is allowed), at most
`digits` long, so it is never read as something else and never overflows a column."""

from __future__ import annotations

import re

#: The largest number a JSON body may hold, whatever its sign (beyond it, JavaScript's and
#: many decoders' numbers are no longer exact): the API's parser refuses more (a 400), and
#: so does the app's form for the same field.
JSON_NUMBER_BOUND = 2**53

_UNSIGNED = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"-?[0-9]+")


def ascii_int(text: object, *, digits: int = 18, signed: bool = False) -> int | None:
    """`text` as an int when it is ASCII digits only (a leading `-` if `signed`) and at
    most `digits` of them, else None. Anything not text (None, a list) is None too."""
    if not isinstance(text, str):
        return None
    if (_SIGNED if signed else _UNSIGNED).fullmatch(text) is None:
        return None
    if len(text.lstrip("-")) > digits:
        return None
    return int(text)
