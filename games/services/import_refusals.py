"""An import job's refusal, kept as data and said when the job is read, in the reader's
language.

A job is read later than it ran, by an auditor or an app whose language need not be the
poster's: a sentence written when the transcript was refused would stay in the language of
the request that posted it. So the job keeps what the import's 422 says to machines
(`code`, and where it is: `field`, `expected_player`, `deal`, `action`) and what its
sentence needs (``words``: the refusal's template, the engine's English sentence that is
also its catalogue's msgid, and the values it fills in); `refusal_said` makes the sentence
in the active language (the request's) as `Rejection.message` makes a 422's. The English
sentence goes to the job's `error`, for the logs and the shell, as an audit run keeps its
English (audits/models.py).

Jobs stored before (games 0022) keep the sentence they were stored with, in the poster's
language, shown as stored; `import_failed` is said by its code, whatever the row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from games.engine import Rejection
from games.engine.errors import Phrase
from games.models import ImportJob, ImportStatus

#: The code of a job that failed for another reason than the document (the database, a
#: lost worker): nothing is wrong with the transcript, post it again.
IMPORT_FAILED_CODE = "import_failed"

#: What a refusal says to machines, beside its `code`: the same as the import's 422.
LOCATED = ("field", "expected_player", "deal", "action")


def refusal_kept(
    rejection: Rejection, *, deal: int | None = None, action: int | None = None
) -> dict[str, Any]:
    """The refusal as a job keeps it: the 422's machine fields and the sentence's makings."""
    kept: dict[str, Any] = {"code": rejection.code}
    where = {
        "field": rejection.field,
        "expected_player": rejection.expected,
        # The deal in progress when the transcript does not locate it (as the 422's `deal`).
        "deal": rejection.deal if deal is None else deal,
        "action": action,
    }
    kept.update((name, value) for name, value in where.items() if value is not None)
    words: dict[str, Any] = {"template": rejection.template}
    if rejection.params is not None:
        words["params"] = {name: _value(value) for name, value in rejection.params.items()}
        # A phrase is a sentence of its own, translated with the message (not a name).
        phrases = sorted(
            name for name, value in rejection.params.items() if isinstance(value, Phrase)
        )
        if phrases:
            words["phrases"] = phrases
    kept["words"] = words
    return kept


def import_failed_kept() -> dict[str, Any]:
    """A job failed for want of the database or its worker: its code says it all."""
    return {"code": IMPORT_FAILED_CODE}


def _value(value: object) -> object:
    """A value as JSON keeps it: the engine's are names, cards, numbers and posted JSON."""
    if value is None or isinstance(value, str | int | float | bool | list | dict):
        return str(value) if isinstance(value, Phrase) else value
    return str(value)


def job_refusal_said(job: ImportJob) -> dict[str, Any] | None:
    """Why the job failed, as the API says it, in the active language (None unless failed).
    A job the sweep failed (its worker lost) has no refusal: `import_failed`."""
    if job.status != ImportStatus.FAILED:
        return None
    return refusal_said(job.problem or import_failed_kept())


def refusal_said(kept: Mapping[str, Any]) -> dict[str, Any]:
    """A kept refusal with its ``message``, in the active language."""
    code = str(kept.get("code") or IMPORT_FAILED_CODE)
    said: dict[str, Any] = {"code": code, "message": _message(code, kept)}
    said.update((name, kept[name]) for name in LOCATED if kept.get(name) is not None)
    return said


def _message(code: str, kept: Mapping[str, Any]) -> str:
    words = kept.get("words")
    if isinstance(words, Mapping) and isinstance(words.get("template"), str):
        params = words.get("params")
        if isinstance(params, Mapping):
            phrases = set(words.get("phrases") or ())
            params = {k: Phrase(v) if k in phrases else v for k, v in params.items()}
        try:
            return Rejection(code, words["template"], params=params).message
        except (KeyError, TypeError, ValueError):  # values that no longer fill it: unsaid
            return str(words["template"])
    if code == IMPORT_FAILED_CODE:
        return gettext("the import could not be written; post the transcript again")
    return str(kept.get("message", ""))  # stored before the refusal was data: as stored
