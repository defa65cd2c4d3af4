"""Is any English left on a page shown in another language? For the browser tests of a
whole night in French or Ukrainian, and the page tests here (docs/i18n.md).

The English source strings are the catalogue's msgids (read from the compiled `.mo`,
which the set-up builds): a msgid whose translation differs from it must not be on a page
in that language. Placeholders (`%(player)s`, `%(count)d`) match any text or number, so a
ruling said in English with real names is caught too. Player names, cards and numbers are
not words of the interface: they never make a msgid on their own.
"""

from __future__ import annotations

import functools
import gettext
import html
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"
_PLACEHOLDER = re.compile(r"%\((\w+)\)([sdr])")


def _catalogue(language: str) -> dict[str, set[str]]:
    """English msgid -> this language's texts (the first form of a plural), one per
    context: "bourré" is "bourré" as a ruling's kind but "bourru" for the 32-card variants."""
    mo = LOCALE / language / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as stream:
        entries = gettext.GNUTranslations(stream)._catalog  # type: ignore[attr-defined]
    out: dict[str, set[str]] = {}
    for key, text in entries.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or (isinstance(key, tuple) and key[1] != 0):
            continue
        out.setdefault(msgid.split("\x04", 1)[-1], set()).add(text)
    return out


def _pattern(msgid: str) -> re.Pattern[str]:
    parts, last = [], 0
    for found in _PLACEHOLDER.finditer(msgid):
        parts.append(re.escape(_collapse(msgid[last : found.start()])))
        parts.append(r"\d+" if found[2] == "d" else r"\S(?:.*?\S)?")
        last = found.end()
    parts.append(re.escape(_collapse(msgid[last:])))
    body = "".join(parts).replace(r"\ ", " ")
    # Whole words only: "Rules" is not found inside "Rulesets".
    return re.compile(rf"(?<!\w){body}(?!\w)")


@functools.cache
def english_patterns(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The English strings that must not be seen on a page in `language`."""
    found = []
    for msgid, texts in _catalogue(language).items():
        if msgid.strip() in {text.strip() for text in texts}:
            continue  # the same word in both languages (a name, "cinch"): nothing to catch
        if not _PLACEHOLDER.sub("", msgid).strip(" :;,.()—-#№"):
            continue  # only placeholders and punctuation: nothing English in it
        if len(msgid.strip()) == 1:
            continue  # a card's letter (K is R in French, app_common/cards.py): no word
        found.append((msgid, _pattern(msgid)))
    return tuple(found)


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


def _spaces(text: str) -> str:
    return _collapse(text).strip()


def visible_text(page_html: str) -> str:
    """What a person reads on the page: no tags, scripts, styles or attributes."""
    text = re.sub(r"<(script|style|template)\b.*?</\1>", " ", page_html, flags=re.S | re.I)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return _spaces(html.unescape(text))


def english_left(text: str, language: str) -> list[str]:
    """The English source strings still in `text` (a page's visible text, or any text)."""
    text = _spaces(text)
    return [msgid for msgid, pattern in english_patterns(language) if pattern.search(text)]
