"""What text may reach the database: no NUL, no other control characters, valid Unicode.

One walk serves the JSON parser (every string and key of a body, with its path for the
error's `field`) and the request guard (path and query parameters)."""

from __future__ import annotations

from typing import Any

from common.free_text import character_fault, words

__all__ = ["BadText", "TooDeep", "character_fault", "check_document", "words"]


class TooDeep(Exception):
    pass


class BadText(Exception):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def check_document(document: Any, *, max_depth: int) -> None:
    """Raise TooDeep past `max_depth` levels of arrays/objects, BadText on a bad string.
    Iterative, so a hostile document cannot exhaust the Python stack here."""
    stack: list[tuple[Any, str, int]] = [(document, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, str):
            # Every string of every body passes here: the fault is worded only when found.
            fault = character_fault(value)
            if fault:
                raise BadText(path or "body", words(fault))
        elif isinstance(value, dict):
            if depth > max_depth:
                raise TooDeep
            for key in value:
                fault = character_fault(key)
                if fault:
                    raise BadText(_join(path, key.encode("unicode_escape").decode()), words(fault))
            # Pushed in reverse so the first bad field in document order is reported.
            stack.extend((value[key], _join(path, key), depth + 1) for key in reversed(value))
        elif isinstance(value, list):
            if depth > max_depth:
                raise TooDeep
            stack.extend((value[i], f"{path}[{i}]", depth + 1) for i in reversed(range(len(value))))
