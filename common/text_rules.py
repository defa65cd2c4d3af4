"""The rules of free text (storable, visible, of a documented length) as sentence templates
with their values, without Django: the table's pure `decide` checks an undo's reason with
them, and `free_text` words them in the reader's language for everyone else.

A fault is `(template, values)`: the template is marked for the catalogues
(`gettext_noop`) and translated where it is shown.
"""

from __future__ import annotations

import unicodedata

#: A sentence template and the values of its placeholders.
Fault = tuple[str, dict[str, int]]


def gettext_noop(message: str) -> str:
    """Marks a sentence for `makemessages`; it is translated where it is shown."""
    return message


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


def character_fault(text: str) -> Fault | None:
    """Why `text` cannot be stored, or None. PostgreSQL refuses NUL in text and jsonb, and a
    lone surrogate is not UTF-8; the other C0/C1 controls are refused so no log line, CSV
    cell or terminal can be steered by them."""
    for char in text:
        if char in _ALLOWED_CONTROLS:
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            template = gettext_noop("control character U+%(code)04X is not allowed")
            return template, {"code": ord(char)}
        if category == "Cs":
            return gettext_noop("not valid Unicode (a lone surrogate)"), {}
    return None


def text_fault(text: str, *, max_length: int, required: bool = True) -> Fault | None:
    """What is wrong with a typed text (a name, a reason), or None."""
    if required and not text.strip():
        return gettext_noop("this cannot be blank"), {}
    if len(text) > max_length:
        template = gettext_noop("at most %(limit)d characters (this has %(count)d)")
        return template, {"limit": max_length, "count": len(text)}
    return character_fault(text)
