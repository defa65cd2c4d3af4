"""Small helpers for the templates: what a refused form had typed, shown again
(tableapp/_table.html); a row's figures with their column names (live/_board.html)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def posted_hand(posted: Mapping[str, Any] | None, player: str) -> str:
    """The hand typed for `player` in the refused start of a deal."""
    return str((posted or {}).get(f"hand_{player}", ""))


@register.filter
def with_labels(values: Iterable[Any], labels: Iterable[str]) -> list[tuple[str, Any]]:
    """`(label, value)` pairs: each figure named, for a table read as a list on a phone."""
    return list(zip(labels, values, strict=False))
