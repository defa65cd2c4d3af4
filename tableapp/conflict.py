"""What to tell a scorekeeper whose step another device beat to the log (a 409): what
that device logged, in words, and whether anything is left to do. Two tablets tapping the
same card is the usual case: the slower one must not be told to log it again, which
would log the next player's card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from app_common.words import event_words
from games.selectors import table_events_of_versions
from table_stream import (
    DEAL_STARTED,
    EVENT_UNDONE,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
)

#: At most this many of the other device's steps are named (then "and N more").
NAMED = 3


def _what(table: Any, event: Any) -> str:
    if event.type != EVENT_UNDONE:
        return event_words(event.type, event.data)
    version = int(event.data.get("undone_version", 0))
    undone = table_events_of_versions(table=table, low=version, high=version)
    what = event_words(undone[0].type, undone[0].data) if undone else ""
    return gettext("undo: %(what)s") % {"what": what}


def _same(event: Any, posted: Mapping[str, Any]) -> bool:
    """Whether the other device's one step is the step this device posted."""
    if "undo" in posted:
        return bool(event.type == EVENT_UNDONE)
    if "deal" in posted:
        mine = posted["deal"]
        return event.type == DEAL_STARTED and all(
            event.data.get(key) == mine.get(key) for key in ("dealer", "trump") if key in mine
        )
    for key, kind in (("join", PLAYER_JOINED), ("leave", PLAYER_LEFT), ("close", TABLE_CLOSED)):
        if key in posted:
            wanted = posted[key]
            return event.type == kind and all(event.data.get(k) == v for k, v in wanted.items())
    return all(event.data.get(key) == value for key, value in posted.items())


def conflict_notice(table: Any, *, expected: int, current: int, posted: Mapping[str, Any]) -> str:
    """The notice of a step refused because the table moved from `expected` to `current`
    under it, naming what the other device logged."""
    logged = [
        e
        for e in table_events_of_versions(table=table, low=expected + 1, high=current)
        if e.type != RULING_MADE
    ]
    if not logged:  # nothing to name (a restored table): say what happened all the same
        return gettext(
            "Another device logged first: the table has been reloaded. Your step was not "
            "logged; check it and log it again if it still stands."
        )
    said = [_what(table, e) for e in logged[:NAMED]]
    if len(logged) > NAMED:
        said.append(gettext("and %(count)d more") % {"count": len(logged) - NAMED})
    what = "; ".join(said)
    if len(logged) == 1 and _same(logged[0], posted):
        return gettext(
            "Another device logged this same step first: %(what)s. Nothing is left to do."
        ) % {"what": what}
    return gettext(
        "Another device logged first: %(what)s. Your step was not logged; the table as it "
        "is now is shown: check it, and log your step again only if it still stands."
    ) % {"what": what}
