"""What free text a person types may be: storable, visible, and of a documented length.

One set of rules for the API and the app's forms (issue 25): the services call these, so
the same input gets the same verdict whichever door it came through. The limits are
documented in docs/api.md ("Limits on text").
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

# Tab, newline and carriage return are ordinary in free text (a table name, a reason).
_ALLOWED_CONTROLS = frozenset("\t\n\r")

#: A table's name (its column is 200 characters).
TABLE_NAME_MAX_LENGTH = 200
#: An API key's name (its column is 200 characters).
KEY_NAME_MAX_LENGTH = 200
#: A member's user name (Django's `User.username` is 150 characters).
USERNAME_MAX_LENGTH = 150
#: Why an event was undone: a sentence or two, kept forever in the log.
UNDO_REASON_MAX_LENGTH = 500
#: The `Idempotency-Key` a client or the app's forms send.
IDEMPOTENCY_KEY_MAX_LENGTH = 200


def bad_character(text: str) -> str | None:
    """Why `text` cannot be stored, or None. PostgreSQL refuses NUL in text and jsonb, and a
    lone surrogate is not UTF-8; the other C0/C1 controls are refused so no log line, CSV
    cell or terminal can be steered by them."""
    for char in text:
        if char in _ALLOWED_CONTROLS:
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            return _("control character U+%(code)04X is not allowed") % {"code": ord(char)}
        if category == "Cs":
            return _("not valid Unicode (a lone surrogate)")
    return None


def text_problem(text: str, *, max_length: int, required: bool = True) -> str | None:
    """What is wrong with a typed text (a name, a reason), in words, or None."""
    if required and not text.strip():
        return _("this cannot be blank")
    if len(text) > max_length:
        return _("at most %(limit)d characters (this has %(count)d)") % {
            "limit": max_length,
            "count": len(text),
        }
    return bad_character(text)


def idempotency_key_problem(key: str) -> str | None:
    """What is wrong with an `Idempotency-Key` (the API's header, the app's hidden field)."""
    if not 0 < len(key) <= IDEMPOTENCY_KEY_MAX_LENGTH or not key.isprintable():
        return _("1 to %(limit)d printable characters") % {"limit": IDEMPOTENCY_KEY_MAX_LENGTH}
    return None
