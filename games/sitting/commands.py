"""What a scorekeeper asks of a table, as typed values.

A command is one of the engine's events (a deal, one of the five actions, a change of the
sitting between deals) or an `Undo`. The posted JSON is read once, by `commands_parse`,
where the request comes in; from there down (the service, `decide`, the request's hash)
nothing reads a dict again. Cards stay as posted here: only the variant's deck knows their
canonical form, so `decide` puts them in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from common.text_rules import UNDO_REASON_MAX_LENGTH, text_fault
from games.engine import (
    Action,
    Rejection,
    SittingChange,
    StartDeal,
    action_to_json,
    change_to_json,
    deal_to_json,
    parse_action,
    parse_close,
    parse_deal,
    parse_join,
    parse_leave,
)
from games.engine.errors import Phrase
from games.sitting.errors import EventRejected
from table_stream.names import player_name


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the current deal's last live event, for `reason` (may be empty)."""

    reason: str


Command = StartDeal | Action | SittingChange | Undo

#: The keys of the sitting's changes between deals (RULES.md §5).
SITTING_KEYS = ("join", "leave", "close")
_SITTING_PARSERS: dict[str, Callable[[object], SittingChange]] = {
    "join": parse_join,
    "leave": parse_leave,
    "close": parse_close,
}


def commands_parse(posted: Sequence[Any]) -> list[Command]:
    """Each posted item as a command; `EventRejected` naming the first malformed one."""
    commands: list[Command] = []
    for index, item in enumerate(posted):
        try:
            commands.append(command_parse(item))
        except Rejection as rejection:
            raise EventRejected(index, rejection) from None
    return commands


def command_parse(item: object) -> Command:
    """One posted item: `{"deal": {...}}`, a transcript action, `{"undo": {"reason"}}`,
    `{"join": ...}`, `{"leave": ...}` or `{"close": {}}` (raises `Rejection`)."""
    if isinstance(item, Mapping):
        if "undo" in item:
            return _undo(item)
        key = next((k for k in SITTING_KEYS if k in item), None)
        if key is not None:
            return _sitting_change(item, key)
        if "deal" in item:
            if len(item) != 1:
                raise Rejection(
                    "invalid_event", 'deal: a deal event has only the "deal" key', field="deal"
                )
            return parse_deal(item["deal"])
    return parse_action(item)


def command_json(command: Command) -> dict[str, Any]:
    """The posted shape of a command (the inverse of `command_parse`)."""
    if isinstance(command, Undo):
        return {"undo": {"reason": command.reason}}
    if isinstance(command, StartDeal):
        return {"deal": dict(deal_to_json(command))}
    if isinstance(command, SittingChange):
        return dict(change_to_json(command))
    return dict(action_to_json(command))


def _undo(item: Mapping[str, Any]) -> Undo:
    undo = item["undo"]
    if len(item) != 1 or not isinstance(undo, Mapping):
        raise Rejection("invalid_event", 'undo: must be {"undo": {"reason": ...}}', field="undo")
    reason = undo.get("reason", "")
    if not isinstance(reason, str):
        raise Rejection("invalid_event", "undo.reason: must be text", field="undo.reason")
    fault = text_fault(reason, max_length=UNDO_REASON_MAX_LENGTH, required=False)
    if fault is not None:  # worded where it is shown, in the reader's language
        problem, values = fault
        raise Rejection(
            "invalid_event",
            "undo.reason: %(problem)s",
            field="undo.reason",
            params={**values, "problem": Phrase(problem)},
        )
    return Undo(reason)


def _sitting_change(item: Mapping[str, Any], key: str) -> SittingChange:
    body = item[key]
    if isinstance(body, Mapping):
        body = {k: _name(v, f"{key}.{k}") for k, v in body.items()}
    return _SITTING_PARSERS[key]({**item, key: body})


def _name(value: object, field: str) -> object:
    """A joining name held to the rules of a new table's names (the engine refuses one that
    differs from a player's only by case)."""
    if not isinstance(value, str):
        return value  # the engine names the field that is not a name
    name, problem = player_name(value)
    if problem is not None:
        # Said in the reader's language when read (the template is in the catalogues).
        params = {"field": field, "problem": Phrase(problem.template), **problem.params}
        raise Rejection("invalid_players", "%(field)s: %(problem)s", field=field, params=params)
    return name
