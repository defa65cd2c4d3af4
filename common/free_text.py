"""What free text a person types may be: storable, visible, and of a documented length.

One set of rules for the API and the app's forms (issue 25): the services call these, so
the same input gets the same verdict whichever door it came through. The rules themselves
are in `text_rules` (without Django); here they are worded in the reader's language. The
limits are documented in docs/api.md ("Limits on text").
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from common.text_rules import (
    IDEMPOTENCY_KEY_MAX_LENGTH,
    KEY_NAME_MAX_LENGTH,
    TABLE_NAME_MAX_LENGTH,
    UNDO_REASON_MAX_LENGTH,
    USERNAME_MAX_LENGTH,
    Fault,
    character_fault,
    text_fault,
)

__all__ = [
    "IDEMPOTENCY_KEY_MAX_LENGTH",
    "KEY_NAME_MAX_LENGTH",
    "TABLE_NAME_MAX_LENGTH",
    "UNDO_REASON_MAX_LENGTH",
    "USERNAME_MAX_LENGTH",
    "bad_character",
    "character_fault",
    "idempotency_key_problem",
    "text_problem",
    "words",
]


def words(fault: Fault) -> str:
    """A fault of `text_rules` in the reader's language."""
    template, values = fault
    return _(template) % values


def bad_character(text: str) -> str | None:
    """Why `text` cannot be stored, in words, or None (`text_rules.character_fault`)."""
    fault = character_fault(text)
    return None if fault is None else words(fault)


def text_problem(text: str, *, max_length: int, required: bool = True) -> str | None:
    """What is wrong with a typed text (a name, a reason), in words, or None."""
    fault = text_fault(text, max_length=max_length, required=required)
    return None if fault is None else words(fault)


def idempotency_key_problem(key: str) -> str | None:
    """What is wrong with an `Idempotency-Key` (the API's header, the app's hidden field)."""
    if not 0 < len(key) <= IDEMPOTENCY_KEY_MAX_LENGTH or not key.isprintable():
        return _("1 to %(limit)d printable characters") % {"limit": IDEMPOTENCY_KEY_MAX_LENGTH}
    return None
