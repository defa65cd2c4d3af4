"""The fields a posted event may have, checked before the table rules on it.

The engine reads the fields it knows from a deal or an action and passes over the others
(it reads transcripts, which are the interchange format's to define), so a misspelt field
was dropped without a word: `{"deal": {"dealer": "dee", "hand": {...}}}` logged a deal
without its hands, and the referee could no longer rule a renege when the card was
played. A table app posts what it means to be kept: here an unknown field is refused as
the engine refuses one of a join, a leave or a close (422 `invalid_event`, `field` naming
it, `index` the event)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from rest_framework import status

from api_common.errors import ApiError

DEAL_FIELDS = frozenset({"dealer", "ante", "seated", "hands", "trump"})
UNDO_FIELDS = frozenset({"reason"})
#: An action's fields beside `player` and its kind (`play`, `declare`, ...).
ACTION_EXTRA_FIELDS = {"exchange": frozenset({"discard", "draw"})}
ACTION_KINDS = ("declare", "exchange", "play", "retract", "pass_turn")


def _unknown_field(event: Any) -> str | None:
    """The path of the first field `event` may not have, or None. An event of another
    shape is left to the table's own checks, which name what is wrong with it."""
    if not isinstance(event, Mapping):
        return None
    # Named as the table names the fields it refuses: a deal's bare (`trump`, `hands.ana`),
    # an undo's under it (`undo.reason`).
    for kind, allowed, prefix in (("deal", DEAL_FIELDS, ""), ("undo", UNDO_FIELDS, "undo.")):
        if kind in event:
            body = event[kind]
            if isinstance(body, Mapping):
                return next((f"{prefix}{name}" for name in body if name not in allowed), None)
            return None
    kinds = [kind for kind in ACTION_KINDS if kind in event]
    if len(kinds) != 1:
        return None  # a join, a leave, a close, or no action at all: checked further on
    allowed = {"player", kinds[0], *ACTION_EXTRA_FIELDS.get(kinds[0], ())}
    return next((str(name) for name in event if name not in allowed), None)


#: A card play's fields, and a declaration's: most posted events, passed at C speed.
PLAIN_ACTIONS = (frozenset({"player", "play"}), frozenset({"player", "declare"}))


def refuse_unknown_fields(events: Sequence[Any]) -> None:
    for index, event in enumerate(events):
        if type(event) is dict and event.keys() in PLAIN_ACTIONS:
            continue
        field = _unknown_field(event)
        if field is not None:
            raise ApiError(
                status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
                code="invalid_event",
                message=gettext("%(field)s: %(problem)s")
                % {"field": field, "problem": gettext("is not a field of this event")},
                expected_player=None,
                field=field,
                index=index,
            )
