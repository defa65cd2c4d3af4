"""The auditor's page: the pot and every balance after every event (SVG charts, deal
boundaries marked), the ledger with each posting linked to its event, the table audit."""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from api_common.heavy import HeavyReadBusy, heavy_read
from app_common.access import club_table, member_of, member_required
from app_common.cards import card_label
from app_common.labels import (
    account_words,
    event_type_words,
    posting_kind_words,
    ruling_kind_words,
)
from app_common.words import action_words, ruling_words
from games.selectors import table_events_of_versions, table_seating
from ledger.audit import deal_starts, ledger_audit_page
from ledger.selectors import ledger_balances, ledger_postings_of_versions
from table_stream import (
    DEAL_STARTED,
    EVENT_UNDONE,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
    TABLE_CREATED,
)
from tableapp.audit_words import difference_words
from tableapp.charts import Series, line_chart, running
from tableapp.paging import DEALS_PER_PAGE, first_deal_shown

POT = "pot"
PLAYER = "player:"


def _event_words(event: Any, variant: str) -> str:
    data = event.data
    if event.type == RULING_MADE:
        ruling = {"kind": data.get("kind", ""), **data.get("ruling", {})}
        return ruling_words(ruling, variant=variant)
    if event.type == EVENT_UNDONE:
        return _("undid event #%(version)s: %(reason)s") % {
            "version": data.get("undone_version"),
            "reason": data.get("reason") or _("no reason"),
        }
    if event.type == DEAL_STARTED:
        if data.get("trump"):
            return _("deal started: %(dealer)s deals, trump %(card)s") % {
                "dealer": data.get("dealer"),
                "card": card_label(data["trump"]),
            }
        return _("deal started: %(dealer)s deals") % {"dealer": data.get("dealer")}
    if event.type == TABLE_CREATED:
        return _("table created: %(players)s") % {"players": ", ".join(data.get("players", []))}
    if event.type == PLAYER_JOINED:  # not "player p4, seat_after p2"
        if data.get("seat_after") is None:
            return _("%(player)s joins in the first seat") % {"player": data.get("player")}
        return _("%(player)s joins, seated after %(after)s") % {
            "player": data.get("player"),
            "after": data["seat_after"],
        }
    if event.type == PLAYER_LEFT:
        return _("%(player)s leaves") % {"player": data.get("player")}
    if event.type == TABLE_CLOSED:
        return _("the table is closed")
    return action_words(data)


def _undone_by(events: list[Any]) -> dict[int, int]:
    """Each undone event of the page, and the rulings it had caused, by the undo's version:
    the events table shows them struck out, as the ledger shows the legs voided (an undo
    only takes back an event of its own deal, so both are on the page)."""
    out: dict[int, int] = {}
    for event in events:
        if event.type == EVENT_UNDONE:
            taken = [event.data.get("undone_version"), *(event.data.get("voided_versions") or ())]
            out.update({v: event.version for v in taken if isinstance(v, int)})
    return out


@dataclass(frozen=True, slots=True)
class _Window:
    """The page's deals: ``first`` (0-based) of ``count``, versions ``low`` to ``high``
    (None: to the end), the deals' starts."""

    first: int
    count: int
    low: int
    high: int | None
    starts: list[int]


def _window(request: HttpRequest, table: Any) -> _Window:
    """`?from=N` (1-based; out of range or not a number: the latest page); the first page
    also holds what came before the first deal (the table's creation, seats). The deals are
    the audit's (`ledger.audit.deal_starts`: a deal whose start was undone is none), so the
    page and `GET /tables/{id}/audit?deal=` cut the table at the same places."""
    starts = deal_starts(stream=table.stream, club=table.club_id)
    count = len(starts)
    first = first_deal_shown(request, count)
    low = starts[first] if first > 0 else 1
    end = first + DEALS_PER_PAGE
    return _Window(first, count, low, starts[end] - 1 if end < count else None, starts)


@member_required()
def audit_page(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """The audit DEALS_PER_PAGE deals at a time (`?from=` the first deal's number, the
    latest deals by default): a 1,000-deal table's page used to be 25 MB, and read, folded
    and checked the whole table on every request. Now only the page's events and legs are
    read (the running totals start from the balances the ledger holds before the page)
    and only the page is audited, as `GET /tables/{id}/audit?deal=N` does."""
    table = club_table(request, table_id)
    window = _window(request, table)
    events = table_events_of_versions(table=table, low=window.low, high=window.high)
    versions = [e.version for e in events]
    version_at = {e.position: e.version for e in events}
    legs = ledger_postings_of_versions(table_id=table.id, low=window.low, high=window.high)
    changes: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for leg in legs:
        changes[leg.account][leg.version] += leg.amount
        if leg.voided_by is not None and leg.voided_by in version_at:
            changes[leg.account][version_at[leg.voided_by]] -= leg.amount  # the undo
    before = (
        ledger_balances(table_id=table.id, at=events[0].position - 1)
        if window.low > 1 and events
        else None
    )
    first, low = window.first, window.low
    high = window.high if window.high is not None else (versions[-1] if versions else 1)
    boundaries = [v for v in window.starts if low <= v <= high]
    chart = {"boundaries": boundaries, "last_x": high, "first_x": low if first else 0}
    chart["first_deal"] = first + 1
    pot_start = before.pot if before else 0
    pot = [Series(account_words(POT), running(changes[POT], versions, pot_start))]
    sat = table_seating(table=table)["players"]  # every seat ever taken: late joiners too
    balances = [
        Series(
            p, running(changes[PLAYER + p], versions, before.balances.get(p, 0) if before else 0)
        )
        for p in sat
    ]
    # Each chart drawn twice, for a tablet and for a phone; the page shows the one that
    # suits the screen (app.css), so a phone's labels are not the tablet's shrunk to half.
    pot_title, balance_title = _("The pot after every event"), _("Each player's running balance")
    pot_chart = line_chart(pot, title=pot_title, **chart)
    balance_chart = line_chart(balances, title=balance_title, **chart)
    pot_chart_phone = line_chart(pot, title=pot_title, phone=True, **chart)
    balance_chart_phone = line_chart(balances, title=balance_title, phone=True, **chart)
    undone_by = _undone_by(events)
    last_shown = first + len(boundaries)
    page = {
        "first": first + 1,
        "last": last_shown,
        "count": window.count,
        "earlier": max(1, first + 1 - DEALS_PER_PAGE) if first > 0 else None,
        "later": last_shown + 1 if last_shown < window.count else None,
    }
    context = {
        "table": table,
        "pot_chart": pot_chart,
        "balance_chart": balance_chart,
        "pot_chart_phone": pot_chart_phone,
        "balance_chart_phone": balance_chart_phone,
        "legs": [
            {
                "version": leg.version,
                "cause_version": leg.cause_version,
                "deal": leg.deal,
                "ruling_words": ruling_kind_words(leg.ruling, table.variant),
                "kind_words": posting_kind_words(leg.kind),
                "account_words": account_words(leg.account),
                "amount": leg.amount,
                "pot_after": leg.pot_after,
                "voided_by": leg.voided_by,
            }
            for leg in legs
        ],
        "events": [
            {
                "event": e,
                "type_words": event_type_words(e.type),
                "words": _event_words(e, table.variant),
                "actor": e.metadata.get("actor", {}),
                "undone_by": undone_by.get(e.version),
            }
            for e in events
        ],
        "page": page,
        "shown": len(events),
        "audit": _audit(table, window.first),
        # The times are the club's (where it plays), as its standings' nights are.
        "zone": member_of(request).club.time_zone,
    }
    return render(request, "tableapp/audit.html", context)


def _audit(table: Any, first_deal: int) -> dict[str, Any] | None:
    """The audit of the page's deals (their events re-hashed, the club's chain checked from
    the previous page's end, their legs folded from the pot before them), or None while the
    club has another under way (api_common/heavy.py): the page then says so and offers to run
    it again. What it found is also said in words (`tableapp.audit_words`): the API's
    report is for scripts."""
    try:
        with heavy_read(club_id=table.club_id):
            audit = ledger_audit_page(
                table_id=table.id, club=table.club_id, first_deal=first_deal, deals=DEALS_PER_PAGE
            )
    except HeavyReadBusy:
        return None
    differences = audit["ledger"]["differences"]
    broken = audit["chain"]["first_broken"]
    versions: dict[int, int] = {}
    if broken is not None or any(_names_an_event(d) for d in differences):
        # Rare (something is wrong): only then read the page's events again, to name the
        # events by the numbers the page shows rather than by the club's positions.
        page = audit["page"]
        events = table_events_of_versions(
            table=table, low=page["from_version"], high=page["to_version"]
        )
        versions = {e.position: e.version for e in events}
    audit["reason_words"] = audit["chain"]["reason"] or ""  # already in the request's words
    audit["broken_event"] = versions.get(broken) if broken is not None else None
    audit["differences_words"] = [
        difference_words(d, versions=versions, variant=table.variant) for d in differences
    ]
    return audit


def _names_an_event(difference: dict[str, Any]) -> bool:
    return difference.get("position") is not None or difference.get("problem") == "unbookable"


@member_required()
def audit_check(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """Run the page's audit again (a read: auditors may); `?from=` as the page's."""
    table = club_table(request, table_id)
    window = _window(request, table)
    return render(
        request,
        "tableapp/_audit_result.html",
        {
            "table": table,
            "audit": _audit(table, window.first),
            "zone": member_of(request).club.time_zone,
        },
    )
