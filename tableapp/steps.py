"""A posted form becomes the one event the API would take (`{"deal": ...}`, an action,
`{"undo": ...}`); what cannot be read is refused naming the form field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from api_common.numbers import ascii_int
from app_common.cards import cards_read

STEPS = (
    "deal", "declare", "exchange", "play", "retract", "pass_turn", "undo", "join", "leave", "close",
)  # fmt: skip


class StepInvalid(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def posted_version(form: Any) -> int:
    """The version the page was drawn at (`expected_version`, ASCII digits); ValueError
    when it is not one: the page is out of date, or not ours."""
    version = ascii_int(form.get("expected_version", ""))
    if version is None:
        raise ValueError("expected_version is not a version")
    return version


def _int(value: str, field: str) -> int:
    number = ascii_int(value.strip(), digits=18, signed=True)
    if number is None:
        raise StepInvalid(field, _("must be a whole number"))
    return number


def step_event(form: Any, players: Sequence[str]) -> dict[str, Any]:
    """The event a posted step form means; `players` are those at the table now."""
    step = form.get("step", "")
    if step not in STEPS:
        raise StepInvalid("step", _("must be one of %(steps)s") % {"steps": ", ".join(STEPS)})
    if step == "undo":
        return {"undo": {"reason": form.get("reason", "").strip()}}
    if step == "deal":
        return {"deal": _deal(form, players)}
    if step == "join":  # a club night, between deals (RULES.md §5)
        seat_after = form.get("seat_after", "")
        return {
            "join": {"player": form.get("player", "").strip(), "seat_after": seat_after or None}
        }
    if step == "leave":
        return {"leave": {"player": form.get("player", "")}}
    if step == "close":
        return {"close": {}}
    player = form.get("player", "")
    if step == "declare":
        return {"player": player, "declare": form.get("declare", "")}
    if step == "exchange":
        action: dict[str, Any] = {
            "player": player,
            "exchange": _int(form.get("count", ""), "count"),
        }
        for key in ("discard", "draw"):
            if form.get(key, "").strip():
                action[key] = cards_read(form[key])
        return action
    if step == "play":
        if not form.get("card"):
            raise StepInvalid("card", _("choose a card"))
        return {"player": player, "play": form["card"]}
    return {"player": player, step: True}


def _deal(form: Any, players: Sequence[str]) -> dict[str, Any]:
    deal: dict[str, Any] = {"dealer": form.get("dealer", "")}
    if form.get("seated_offered"):
        # Everyone at the table is dealt in unless some are unticked (sitting this one out).
        seated = [p for p in players if p in form.getlist("seated")]
        if seated != list(players):
            deal["seated"] = seated
    if form.get("ante", "").strip():
        deal["ante"] = _int(form["ante"], "ante")
    if form.get("trump", "").strip():
        deal["trump"] = form["trump"].strip()
    hands = {p: cards_read(form.get(f"hand_{p}", "")) for p in players}
    hands = {p: cards for p, cards in hands.items() if cards}
    if hands:
        deal["hands"] = hands
    return deal
