"""What the table audit found, said to the auditor in the page's language.

`ledger.audit` reports a difference in machine terms (`{"problem": "different", "position":
518, "field": "amount", ...}`), which the API keeps for scripts; the page says each one as
a sentence, names the event by the number the page's ledger and events tables show (its
version, "#16") when the page holds it, and the field and its values in words ("pot won",
"ana", "deal 3"). Why the chain broke is already in words (`ledger.findings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from app_common.labels import account_words, posting_kind_words, ruling_kind_words
from ledger.findings import unbookable_words

#: A stored leg's fields (`ledger.differences.COMPARED`) and the table row's.
FIELDS: dict[str, Promise] = {
    "kind": pgettext_lazy("a ledger leg's field", "posting"),
    "account": pgettext_lazy("a ledger leg's field", "account"),
    "amount": pgettext_lazy("a ledger leg's field", "amount"),
    "pot_after": pgettext_lazy("a ledger leg's field", "pot after"),
    "voided_by": pgettext_lazy("a ledger leg's field", "voided by"),
    "deal": pgettext_lazy("a ledger leg's field", "deal"),
    "ruling": pgettext_lazy("a ledger leg's field", "kind of ruling"),
    "version": pgettext_lazy("a ledger leg's field", "event"),
    "cause_version": pgettext_lazy("a ledger leg's field", "caused by"),
    "cause_position": pgettext_lazy("a ledger leg's field", "position of the cause"),
    "pot": pgettext_lazy("a ledger leg's field", "the table's pot"),
    "club_id": pgettext_lazy("a ledger leg's field", "the table's club"),
}


def difference_words(
    difference: Mapping[str, Any], *, versions: Mapping[int, int], variant: str = ""
) -> str:
    """One difference of `ledger.differences` (or `unbookable`) as a sentence; ``versions``
    maps the page's positions to the table's event numbers."""
    problem = difference.get("problem")
    if problem == "unbookable":
        position = (difference.get("params") or {}).get("position")
        said = unbookable_words(
            str(difference.get("code") or ""),
            difference.get("params") or {},
            event=f"#{versions[position]}" if position in versions else None,
        )
        return _("The events cannot be booked: %(message)s") % {
            "message": said or difference.get("message", "")
        }
    field = str(difference.get("field") or "")
    if difference.get("position") is None:  # the table's row
        if problem == "missing":
            return _("The ledger has no row for this table.")
        return _("%(field)s: the ledger holds %(stored)s, the events give %(expected)s.") % {
            "field": _field(field),
            "stored": difference.get("stored"),
            "expected": difference.get("expected"),
        }
    where = _where(difference, versions)
    if problem == "missing":
        return _("%(where)s: missing from the ledger (the events give %(leg)s).") % {
            "where": where,
            "leg": _leg(difference.get("expected") or {}),
        }
    if problem == "extra":
        return _("%(where)s: in the ledger, but no event gives it (%(leg)s).") % {
            "where": where,
            "leg": _leg(difference.get("stored") or {}),
        }
    return _("%(where)s, %(field)s: the ledger holds %(stored)s, the events give %(expected)s.") % {
        "where": where,
        "field": _field(field),
        "stored": _value(field, difference.get("stored"), variant, versions),
        "expected": _value(field, difference.get("expected"), variant, versions),
    }


def _where(difference: Mapping[str, Any], versions: Mapping[int, int]) -> str:
    position = int(difference["position"])
    numbers = {
        "posting": int(difference.get("transaction") or 0) + 1,
        "leg": int(difference.get("leg") or 0) + 1,
    }
    if position in versions:
        return _("event #%(event)s, posting %(posting)s, leg %(leg)s") % {
            "event": versions[position],
            **numbers,
        }
    return _("position %(position)s, posting %(posting)s, leg %(leg)s") % {
        "position": position,
        **numbers,
    }


def _field(field: str) -> str:
    return str(FIELDS.get(field, field))


def _leg(shown: Mapping[str, Any]) -> str:
    return _("%(account)s %(amount)s, %(posting)s") % {
        "account": account_words(str(shown.get("account", ""))),
        "amount": shown.get("amount"),
        "posting": posting_kind_words(str(shown.get("kind", ""))),
    }


def _value(field: str, value: Any, variant: str, versions: Mapping[int, int]) -> str:
    if value is None:
        return pgettext("a ledger leg's field with no value", "none")
    if field == "account":
        return account_words(str(value))
    if field == "kind":
        return posting_kind_words(str(value))
    if field == "ruling":
        return ruling_kind_words(str(value), variant)
    if field == "deal" and isinstance(value, int):
        return str(value + 1)  # the page counts deals from 1
    if field in ("version", "cause_version") and isinstance(value, int):
        return f"#{value}"
    if field in ("voided_by", "cause_position") and value in versions:
        return f"#{versions[value]}"  # a position: the page's number for its event
    return str(value)
