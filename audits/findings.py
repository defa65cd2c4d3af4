"""A stored run's findings said in the reader's words, when it is read.

A run keeps what it found as data: why the chain broke as a name and a club
(`AuditRun.broken_code`, `broken_club`), a ledger difference as the ledger's own record
(an `unbookable` one with its ``code`` and ``params``). The words are made here, in the
active language (the API request's), so a run that ran at night in English reads in French
the next morning. Runs stored before their findings were data (migration 0005 turned
what it could read back into data) show the English they were stored in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext

from audits.models import AuditRun
from ledger.findings import chain_words, unbookable_words


def run_chain_reason(run: AuditRun) -> str:
    """Why the run found the chain broken ("" while it holds), naming the club."""
    if not run.broken_code:
        return run.broken_reason  # stored as English before the findings were data
    return pgettext(
        "a whole-log audit: whose chain broke, then why", "club %(club)s: %(reason)s"
    ) % {"club": run.broken_club, "reason": chain_words(run.broken_code)}


def difference_said(difference: Mapping[str, Any]) -> dict[str, Any]:
    """A stored ledger difference with its ``message`` in the active language."""
    problem = difference.get("problem")
    if problem == "unbookable":
        said = unbookable_words(str(difference.get("code") or ""), difference.get("params") or {})
        if said is not None:
            return {**difference, "message": said}
    elif problem == "audit_failed":  # the error is the program's, not a sentence
        words = pgettext(
            "an audit's finding about one table",
            "the ledger could not be rebuilt from the events: %(error)s",
        )
        return {**difference, "message": words % {"error": difference.get("message", "")}}
    return dict(difference)


def table_differences_said(entry: Mapping[str, Any]) -> dict[str, Any]:
    """One differing table of a run (`AuditRun.ledger_differences`), said."""
    return {
        **entry,
        "first_difference": difference_said(entry.get("first_difference") or {}),
        "differences": [difference_said(d) for d in entry.get("differences") or ()],
    }
