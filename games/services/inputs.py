"""What a new table may be given: its name, its players, its house options' values.

The API's views and the app's forms both reach these through `table_create` and
`table_import`, so one input gets one verdict whichever door it came through (issue 25).
A refusal is a `Rejection` naming the field (`name`, `players[2]`, `options.ante`); its
message is `field: words`, the words alone being what the app shows at the field.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from common.free_text import TABLE_NAME_MAX_LENGTH, text_problem
from games.engine import Rejection, new_sitting
from games.engine.chips import check_amount
from games.engine.variants import get_variant
from table_stream.names import name_key, player_name


def words_of(rejection: Rejection) -> str:
    """A refusal's message in the request's language without its leading `field: ` (the
    app shows it at the field), in any language's typography: French puts a no-break
    space before the colon ("play : ..."), which a plain "field: " prefix missed."""
    message = rejection.message
    if not rejection.field:
        return message
    prefix = re.compile(rf"{re.escape(rejection.field)}[ \u00a0\u202f]*:\s*")
    while found := prefix.match(message):
        message = message[found.end() :]
    return message


def table_name_checked(name: str) -> str:
    """The name as kept (trimmed); refuses a blank, over-long or unstorable one."""
    name = name.strip()
    problem = text_problem(name, max_length=TABLE_NAME_MAX_LENGTH)
    if problem is not None:
        raise Rejection("invalid_text", f"name: {problem}", field="name")
    return name


def table_players_checked(names: Sequence[Any], *, field_prefix: str = "players") -> list[Any]:
    """The names as kept (NFC); refuses an invisible, control or over-long character, and
    two names that differ only by case or by Unicode form. Anything not text is left to
    the engine, which names it."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        return names  # type: ignore[return-value]  # the engine refuses it, naming the field
    cleaned: list[Any] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        if not isinstance(raw, str):
            cleaned.append(raw)
            continue
        field = f"{field_prefix}[{i}]"
        name, wrong = player_name(raw)
        problem = _(wrong.template) % wrong.params if wrong is not None else None
        if problem is None:
            key = name_key(name)
            if key in seen:
                problem = _("same name as %(other)s (ignoring case)") % {
                    "other": f"{field_prefix}[{seen[key]}]"
                }
            seen[key] = i
        if problem is not None:
            raise Rejection("invalid_players", f"{field}: {problem}", field=field)
        cleaned.append(name)
    return cleaned


def table_options_checked(options: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """Refuses a number beyond the chip bound and text that cannot be stored; the ranges
    and types of each option are the engine's (`check_options`)."""
    if not isinstance(options, Mapping):
        return options
    for key, value in options.items():
        field = f"options.{key}"
        if isinstance(value, int) and not isinstance(value, bool):
            check_amount(value, field)  # the engine's bound: `chips_out_of_range`
        if isinstance(value, str):
            problem = text_problem(value, max_length=200, required=False)
            if problem is not None:
                raise Rejection("invalid_option", f"{field}: {problem}", field=field)
    return options


def table_create_problems(
    *, name: str, variant: str, players: Sequence[Any], options: Mapping[str, Any] | None
) -> list[Rejection]:
    """Every refusal a new table's input earns, each naming its field, in the form's order
    (name, variant, players, options). `table_create` refuses with the first; the app's
    form shows them all at once, at their fields."""
    problems: list[Rejection] = []

    def check(step: Callable[[], object]) -> bool:
        try:
            step()
        except Rejection as refused:
            problems.append(refused)
            return False
        return True

    check(lambda: table_name_checked(name))
    try:
        rules = get_variant(variant)
    except Rejection as refused:
        problems.append(refused)
        rules = None
    names_ok = check(lambda: table_players_checked(players))
    options_ok = check(lambda: table_options_checked(options))
    if rules is None:
        return problems
    if names_ok:
        check(lambda: new_sitting(variant=variant, players=players, options={}))
    if options_ok and isinstance(options, Mapping):
        seated = tuple(p for p in players if isinstance(p, str)) if names_ok else ()
        for key, value in options.items():  # one at a time, so each is named
            check(functools.partial(rules.check_options, {key: value}, seated))
    elif options is not None and not isinstance(options, Mapping):
        check(lambda: new_sitting(variant=variant, players=players, options=options))
    return problems
