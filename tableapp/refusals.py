"""A refused step in words at its field: which form field the refusal names, and what the
scorekeeper should do, without the API's `field: ` prefix (the API keeps it)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from api_common.numbers import JSON_NUMBER_BOUND
from app_common.cards import SUITS, card_label
from app_common.labels import variant_name
from common.free_text import bad_character, idempotency_key_problem
from games.services import Rejection, words_of

#: A card as the engine writes it (`7H`, `TS`).
CARD = re.compile(r"(?:[2-9TJQKA]|10)[SHDC]")

#: The app answers a refusal with the API's status for the same input: what the API's
#: parser refuses (a NUL or another control character in any text, an over-long key) is
#: its 400 `invalid_request`, so here too; what the rules or the services refuse is a 422
#: in both (docs/security.md, "One status for one refusal").
MALFORMED = 400

#: The form field each refusal's `field` (or a posted field's name) is shown at (a refusal
#: naming none: at the top).
FORM_FIELDS = {
    "reason": "undo.reason",
    "join.player": "join.player",
    "join.seat_after": "join.player",
    "leave.player": "leave",
    "undo.reason": "undo.reason",
    "discard": "exchange",
    "draw": "exchange",
    "exchange": "exchange",
    "count": "exchange",
    "dealer": "dealer",
    "seated": "seated",
    "ante": "ante",
    "trump": "trump",
    "card": "card",
    "play": "card",
}

#: The few refusals that are better said as what to do.
INSTEAD = {
    ("join.player", "blank"): _("Type the new player's name."),
}


def step_error(
    step: str, field: str | None, words: str, code: str = "", names: Iterable[object] = ()
) -> dict[str, Any]:
    """The template's `error`: the form it belongs to (`step`), the field it is shown at,
    the words as a sentence (`names`: see `sentence`)."""
    at = FORM_FIELDS.get(field or "", "")
    if field and field.startswith("hands"):
        at = field
    return {"step": step, "field": at, "message": sentence(words, names), "code": code}


#: A refusal's values that are cards (`7H`) or a suit (`H`), said as the screen shows them.
CARD_PARAMS = ("card", "last")
SUIT_PARAMS = ("suit",)


def refusal_words(refusal: Rejection) -> str:
    """The refusal in the request's language as the app says it: without its leading
    `field: ` in any language's typography (`words_of`), its cards as on the screen
    ("7♥ does not beat A♥", not "7H does not beat AH")."""
    params = refusal.params or {}
    shown = {name: _shown(name, value) for name, value in params.items()}
    if shown != params:
        refusal = Rejection(refusal.code, refusal.template, field=refusal.field, params=shown)
    return words_of(refusal)


def _shown(name: str, value: object) -> object:
    if isinstance(value, str) and name in CARD_PARAMS and CARD.fullmatch(value):
        return card_label(value)
    if isinstance(value, str) and name in SUIT_PARAMS:
        return SUITS.get(value, value)
    if isinstance(value, str) and name == "variant":
        return variant_name(value)  # "Louisiana bourré is played by...", not `louisiana`
    return value


def refused_step(step: str, refusal: Rejection) -> dict[str, Any]:
    words = refusal_words(refusal)
    if refusal.field == "join.player" and "visible text" in refusal.english:
        words = str(INSTEAD[("join.player", "blank")])
    names = (refusal.params or {}).values()
    return step_error(step, refusal.field, str(words), refusal.code, names=names)


def sentence(words: str, names: Iterable[object] = ()) -> str:
    """A refusal as the app shows it: a sentence, its first letter a capital ("Ce champ ne
    peut pas être vide"; the API's JSON keeps its lower-case fragments), unless it starts
    with one of `names`, what people typed: a player's name is said as it was typed ("ana
    is already seated", never "Ana", who may be someone else at the table). Done here, not
    by a stylesheet's text-transform, which cannot tell a name from a word."""
    for name in map(str, names):  # the whole name: "t" typed does not keep "the ..." small
        if name and words.startswith(name) and not words[len(name) : len(name) + 1].isalnum():
            return words
    return words[:1].upper() + words[1:]


def posted_number_problem(options: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first option typed as a number the API's parser would refuse (beyond
    `JSON_NUMBER_BOUND`), with why: the API's 400, not the rules' 422."""
    for name, value in options.items():
        # Digits too many to be read as a number (tableapp.forms) are one too.
        too_long = isinstance(value, str) and re.fullmatch(r"-?[0-9]{31,}", value)
        if too_long or (isinstance(value, int) and abs(value) > JSON_NUMBER_BOUND):
            return f"options.{name}", gettext("number out of range")
    return None


def posted_text_problem(form: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first posted field holding text the API's parser would refuse (a NUL, another
    control character), with why: the same verdict as the API for the same text."""
    for name in form:
        for value in form.getlist(name) if hasattr(form, "getlist") else [form[name]]:
            problem = bad_character(str(value)) or bad_character(str(name))
            if problem is not None:
                return name, problem
    key = form.get("idempotency_key")
    if key:
        problem = idempotency_key_problem(key)
        if problem is not None:
            return "idempotency_key", problem
    return None
