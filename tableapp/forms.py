"""The create-table form: the variants and their house options, with defaults and ranges
taken from the rules engine (RULES.md in code), and the posted values read back."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.selectors import variant_options_specs
from games.services import Rejection
from tableapp.refusals import refusal_words

OPTION_HELP = {
    "ante": gettext_lazy("chips each seated player pays before a deal"),
    "max_exchange": gettext_lazy("most cards a player may exchange"),
    "pot_limit": gettext_lazy("most a winner takes, and a bourré pays (blank: no limit)"),
    "cinch": gettext_lazy("the cinch rule: with a sure win, play your highest trump"),
    "exchange_fee": gettext_lazy("chips paid per exchange (blank: the deal's ante)"),
    "eldest": gettext_lazy("who leads first (blank: the player left of the dealer)"),
    "deals": gettext_lazy("number of deals agreed for the session"),
}
#: The house options' names in words (the engine's `options_spec` keys).
OPTION_LABELS = {
    "ante": pgettext_lazy("a house option", "ante"),
    "max_exchange": pgettext_lazy("a house option", "max exchange"),
    "pot_limit": pgettext_lazy("a house option", "pot limit"),
    "cinch": pgettext_lazy("a house option", "cinch"),
    "exchange_fee": pgettext_lazy("a house option", "exchange fee"),
    "eldest": pgettext_lazy("a house option", "eldest"),
    "deals": pgettext_lazy("a house option", "deals"),
}


@dataclass(frozen=True, slots=True)
class OptionField:
    variant: str
    name: str
    kind: str
    default: Any
    minimum: int
    maximum: int | None
    posted: str | None = None  # what the form sent, shown again beside its error

    @property
    def value(self) -> str:
        if self.posted is not None:
            return self.posted
        return "" if self.default is None else str(self.default)

    @property
    def checked(self) -> bool:
        return bool(self.default) if self.posted is None else self.posted == "on"

    @property
    def label(self) -> str:
        """The option in words: `max_exchange` is "max exchange"."""
        return str(OPTION_LABELS.get(self.name, self.name.replace("_", " ")))

    @property
    def field(self) -> str:
        return f"opt_{self.variant}_{self.name}"

    @property
    def help(self) -> str:
        help = str(OPTION_HELP.get(self.name, ""))
        if not self.kind.startswith("int"):
            return help
        if self.maximum is None:
            bounds = _("%(minimum)s or more") % {"minimum": self.minimum}
        else:
            bounds = _("%(minimum)s to %(maximum)s") % {
                "minimum": self.minimum,
                "maximum": self.maximum,
            }
        return f"{help} ({bounds})"


def variant_options(posted: Mapping[str, str] | None = None) -> dict[str, list[OptionField]]:
    """Each variant's house options; with `posted` (a refused form), the values sent."""

    def sent(variant: str, option: str, kind: str) -> str | None:
        if posted is None or posted.get("variant") != variant:
            return None
        field = f"opt_{variant}_{option}"
        return ("on" if field in posted else "") if kind == "bool" else posted.get(field, "")

    return {
        name: [
            OptionField(
                name,
                opt,
                spec.kind,
                spec.default,
                spec.minimum,
                spec.maximum,
                sent(name, opt, spec.kind),
            )
            for opt, spec in specs.items()
        ]
        for name, specs in variant_options_specs().items()
    }


def players_of(text: str) -> list[str]:
    return [p for p in (s.strip() for s in re.split(r"[\n,]+", text)) if p]


def posted_options(variant: str, form: Mapping[str, str]) -> dict[str, Any]:
    """The chosen variant's options as posted; a blank optional field keeps the default.
    Numbers are left as text when not numbers, so the engine names the field."""
    options: dict[str, Any] = {}
    for option in variant_options().get(variant, []):
        raw = form.get(option.field, "").strip()
        if option.kind == "bool":
            options[option.name] = form.get(option.field) == "on"
        elif raw == "":
            if option.kind in ("int_or_none", "player_or_none") or option.default is None:
                continue
            options[option.name] = raw  # an empty required number: refused at the field
        elif option.kind == "player_or_none":
            options[option.name] = raw
        else:
            # Past 30 digits it stays text (refused as not a number): int() of a huge
            # string is slow, and Python refuses one of more than 4300 digits.
            options[option.name] = int(raw) if re.fullmatch(r"-?[0-9]{1,30}", raw) else raw
    return options


def form_field(rejection_field: str | None, variant: str) -> str:
    """The form field a refusal names (`options.ante` is the variant's ante input)."""
    if not rejection_field:
        return "form"
    if rejection_field.startswith("options."):
        return f"opt_{variant}_{rejection_field.split('.', 1)[1]}"
    if rejection_field.startswith("players"):
        return "players"  # `players[2]` and the like: the one players box
    return rejection_field if rejection_field in ("name", "variant") else "form"


def player_words(refusal: Rejection, players: list[str]) -> str:
    """A refusal in words for the form: `players[2]` becomes the name typed there."""

    def typed(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return f"“{players[i]}”" if i < len(players) else match.group(0)

    params = refusal.params or {}
    if (refusal.field or "").startswith("options.") and "name" in params:
        # The option as its field is labelled ("mise"), not the engine's name (`ante`).
        label = str(OPTION_LABELS.get(str(params["name"]), params["name"]))
        params = {**params, "name": label}
        refusal = Rejection(refusal.code, refusal.template, field=refusal.field, params=params)
    words = re.sub(r"players\[([0-9]+)\]", typed, refusal_words(refusal))
    at = re.fullmatch(r"players\[([0-9]+)\]", refusal.field or "")
    return f"{typed(at)}: {words}" if at else words
