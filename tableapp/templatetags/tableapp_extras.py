"""Small helpers for the templates: what a refused form had typed, shown again
(tableapp/_table.html); a row's figures with their column names (live/_board.html); how
long ago something happened."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext, pgettext

register = template.Library()


@register.filter
def posted_hand(posted: Mapping[str, Any] | None, player: str) -> str:
    """The hand typed for `player` in the refused start of a deal."""
    return str((posted or {}).get(f"hand_{player}", ""))


@register.filter
def with_labels(values: Iterable[Any], labels: Iterable[str]) -> list[tuple[str, Any]]:
    """`(label, value)` pairs: each figure named, for a table read as a list on a phone."""
    return list(zip(labels, values, strict=False))


@register.filter
def ago(moment: dt.datetime | None) -> str:
    """ "5 minutes ago", or "just now" under a minute: Django's `timesince` says "0 minutes"
    then, which French made "il y a 0 minute"."""
    if moment is None:
        return ""
    if timezone.now() - moment < dt.timedelta(minutes=1):
        return pgettext("a moment", "just now")
    return gettext("%(since)s ago") % {"since": timesince(moment)}
