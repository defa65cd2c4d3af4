"""Player names as a table keeps them: NFC, visible, distinct regardless of case.

Two spellings of "José" (precomposed or with a combining accent) are one name; a name with
a zero-width or bidirectional-override character looks like another player's, or reorders
the text around it in every transcript that prints it; "Ana" and "ANA" at one table are a
typo waiting to be scored against the wrong player. One rule for a new table's players
and for a player joining later, so both callers ask this module.
"""

from __future__ import annotations

import unicodedata

from table_stream.events import PLAYER_NAME_MAX_LENGTH

# Control, format (zero-width, bidi overrides, soft hyphen, BOM), surrogate, private-use,
# unassigned, and line/paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def gettext_noop(template: str) -> str:
    """Marks a sentence for the catalogues (`makemessages`); this module imports no Django."""
    return template


class NameProblem(str):
    """What is wrong with a name, in English (the string itself), with its sentence as a
    template and the values apart, so a caller can have it said in the reader's language
    (`games.engine.Rejection` with `params`)."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, **params: object) -> NameProblem:
        problem = super().__new__(cls, template % params if params else template)
        problem.template = template
        problem.params = params
        return problem


def player_name(raw: str) -> tuple[str, NameProblem | None]:
    """The name as kept (NFC) and what is wrong with it, or None when it is a good name."""
    name = unicodedata.normalize("NFC", raw)
    for char in name:
        category = unicodedata.category(char)
        if category in _REFUSED_CATEGORIES or (category == "Zs" and char != " "):
            template = gettext_noop("invisible or control character U+%(code)04X")
            return name, NameProblem(template, code=ord(char))
    if not name.strip() or name != name.strip():
        template = gettext_noop("a name is visible text without leading or trailing spaces")
        return name, NameProblem(template)
    if len(name) > PLAYER_NAME_MAX_LENGTH:
        template = gettext_noop("a name is at most %(limit)d characters")
        return name, NameProblem(template, limit=PLAYER_NAME_MAX_LENGTH)
    return name, None


def name_key(name: str) -> str:
    """What two names must not share at one table (compatibility form, case folded)."""
    return unicodedata.normalize("NFKC", name).casefold()
