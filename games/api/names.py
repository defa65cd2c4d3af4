"""Player names as a table keeps them: NFC, visible, distinct regardless of case.

Two spellings of "José" (precomposed or with a combining accent) are one name; a name with
a zero-width or bidirectional-override character looks like another player's, or reorders
the text around it in every transcript that prints it; "Ana" and "ANA" at one table are a
typo waiting to be scored against the wrong player."""

from __future__ import annotations

import unicodedata

from rest_framework import status

from clubs.api.errors import ApiError

# Control, format (zero-width, bidi overrides, soft hyphen, BOM), surrogate, private-use,
# unassigned, and line/paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _refused(field: str, message: str) -> ApiError:
    return ApiError(
        status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
        code="invalid_players",
        message=f"{field}: {message}",
        field=field,
    )


def clean_player_names(names: list[str]) -> list[str]:
    cleaned: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        field = f"players[{i}]"
        name = unicodedata.normalize("NFC", raw)
        for char in name:
            category = unicodedata.category(char)
            if category in _REFUSED_CATEGORIES or (category == "Zs" and char != " "):
                raise _refused(field, f"invisible or control character U+{ord(char):04X}")
        if not name.strip() or name != name.strip():
            raise _refused(field, "a name is visible text without leading or trailing spaces")
        folded = unicodedata.normalize("NFKC", name).casefold()
        if folded in seen:
            raise _refused(field, f"same name as players[{seen[folded]}] (ignoring case)")
        seen[folded] = i
        cleaned.append(name)
    return cleaned
