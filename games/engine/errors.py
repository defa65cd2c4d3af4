"""The one exception the referee raises: a refusal to record something.

A `Rejection` is not a ruling. It means the event cannot have happened under the
rules (a card twice, a play out of turn, ...) so nothing is recorded. The `code` is
stable and machine-readable; the message is for people, in their language.

The engine imports no Django, so it cannot translate: a refusal keeps its sentence as a
template (marked with `gettext_noop` for the catalogues, `%(name)s` placeholders) with
its `params`, and `message` translates it when it is read, with the translator the
application installs (`use_translator`, done by `games.apps`). Without one, or for a
sentence written as a plain string, the message is the English text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


def _english(text: str) -> str:
    return text


_translate: Callable[[str], str] = _english


def use_translator(translate: Callable[[str], str]) -> None:
    """Install the function that translates a template into the current language."""
    global _translate
    _translate = translate


def gettext_noop(template: str) -> str:
    """Marks a refusal's template for `makemessages`; translated when read (`message`)."""
    return template


class Phrase(str):
    """A parameter that is itself a marked sentence (`gettext_noop`): translated with the
    message, unlike a player's name or a card; its own placeholders take the other params."""


def _phrase(phrase: str, params: Mapping[str, object], translate: Callable[[str], str]) -> str:
    if "%(" not in phrase:
        return translate(phrase)
    try:
        return translate(phrase) % params
    except (KeyError, TypeError, ValueError):
        return phrase % params


class Rejection(Exception):
    """An event the referee refuses to record.

    `code` is a stable identifier (``out_of_turn``, ``card_already_played``, ...);
    `expected` names the player whose turn it really was, when that is the reason;
    `field` names the offending field of the event, when there is one;
    `deal` the deal in progress, when that is why (nothing joins, leaves or closes then);
    `params` fill the message's `%(name)s` placeholders (then the message is a template).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        expected: str | None = None,
        field: str | None = None,
        deal: int | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.template = message
        self.params = dict(params) if params is not None else None
        super().__init__(self._fill(message))
        self.code = code
        self.expected = expected
        self.field = field
        self.deal = deal

    def _fill(self, text: str, translate: Callable[[str], str] = _english) -> str:
        if self.params is None:
            return text
        plain = {k: v for k, v in self.params.items() if not isinstance(v, Phrase)}
        params = {
            name: _phrase(value, plain, translate) if isinstance(value, Phrase) else value
            for name, value in self.params.items()
        }
        try:
            return text % params
        except (KeyError, TypeError, ValueError):  # a broken translation: say it in English
            return self.template % params

    @property
    def english(self) -> str:
        return self._fill(self.template)

    @property
    def message(self) -> str:
        """The sentence in the current language (English without a translator)."""
        return self._fill(_translate(self.template), _translate)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if self.expected is not None:
            out["expected_player"] = self.expected
        if self.field is not None:
            out["field"] = self.field
        if self.deal is not None:
            out["deal"] = self.deal
        return out

    def __repr__(self) -> str:
        return f"Rejection({self.code!r}, {self.english!r})"
