"""Small helpers for the templates: what a refused form had typed, shown again
(tableapp/_table.html)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def posted_hand(posted: Mapping[str, Any] | None, player: str) -> str:
    """The hand typed for `player` in the refused start of a deal."""
    return str((posted or {}).get(f"hand_{player}", ""))
