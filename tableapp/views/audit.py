"""The auditor's page: the pot and every balance after every event (SVG charts, deal
boundaries marked), the ledger with each posting linked to its event, the table audit."""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from clubs.heavy import HeavyReadBusy, heavy_read
from games.selectors import table_events_page, table_seating
from games.table import DEAL_STARTED, EVENT_UNDONE, RULING_MADE, TABLE_CREATED
from ledger.audit import ledger_audit
from ledger.selectors import ledger_postings
from tableapp.access import club_table, member_required
from tableapp.cards import card_label
from tableapp.charts import Series, line_chart, running
from tableapp.labels import account_words, posting_kind_words, ruling_kind_words
from tableapp.paging import DEALS_PER_PAGE, first_deal_shown
from tableapp.words import action_words, ruling_words

POT = "pot"
PLAYER = "player:"
EVERY_EVENT = 1_000_000


def _event_words(event: Any, variant: str) -> str:
    data = event.data
    if event.type == RULING_MADE:
        ruling = {"kind": data.get("kind", ""), **data.get("ruling", {})}
        return ruling_words(ruling, variant=variant)
    if event.type == EVENT_UNDONE:
        return _("undid event %(version)s: %(reason)s") % {
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
    return action_words(data)


@member_required()
def audit_page(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """The audit DEALS_PER_PAGE deals at a time (`?from=` the first deal's number, the
    latest deals by default): a 1,000-deal table's page used to be 25 MB."""
    table = club_table(request, table_id)
    events = table_events_page(table=table, after=0, limit=EVERY_EVENT)
    versions = [e.version for e in events]
    version_at = {e.position: e.version for e in events}
    legs = ledger_postings(table_id=table.id, include_voided=True)
    changes: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for leg in legs:
        changes[leg.account][leg.version] += leg.amount
        if leg.voided_by is not None and leg.voided_by in version_at:
            changes[leg.account][version_at[leg.voided_by]] -= leg.amount  # the undo
    starts = [e.version for e in events if e.type == DEAL_STARTED]
    first, low, high = _window(request, starts, versions)
    shown = [v for v in versions if low <= v <= high]

    def window(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(v, total) for v, total in points if low <= v <= high]

    boundaries = [v for v in starts if low <= v <= high]
    chart = {"boundaries": boundaries, "last_x": high, "first_x": low if first else 0}
    chart["first_deal"] = first + 1
    pot_chart = line_chart(
        [Series(account_words(POT), window(running(changes[POT], versions)))],
        title=_("The pot after every event"),
        **chart,
    )
    sat = table_seating(table=table)["players"]  # every seat ever taken: late joiners too
    balance_chart = line_chart(
        [Series(p, window(running(changes[PLAYER + p], versions))) for p in sat],
        title=_("Each player's running balance"),
        **chart,
    )
    count = len(starts)
    last_shown = first + len(boundaries)
    context = {
        "table": table,
        "pot_chart": pot_chart,
        "balance_chart": balance_chart,
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
            if low <= leg.version <= high
        ],
        "events": [
            {
                "event": e,
                "words": _event_words(e, table.variant),
                "actor": e.metadata.get("actor", {}),
            }
            for e in events
            if low <= e.version <= high
        ],
        "page": {
            "first": first + 1,
            "last": last_shown,
            "count": count,
            "earlier": max(1, first + 1 - DEALS_PER_PAGE) if first > 0 else None,
            "later": last_shown + 1 if last_shown < count else None,
        },
        "shown": len(shown),
        "audit": _audit(table),
    }
    return render(request, "tableapp/audit.html", context)


def _window(request: HttpRequest, starts: list[int], versions: list[int]) -> tuple[int, int, int]:
    """The page's first deal (0-based) and its span of versions: `?from=N` (1-based; out of
    range or not a number: the latest page). The first page also holds what came before
    the first deal (the table's creation, seats)."""
    count = len(starts)
    first = first_deal_shown(request, count)
    low = starts[first] if first > 0 else 1
    end = first + DEALS_PER_PAGE
    high = starts[end] - 1 if end < count else (versions[-1] if versions else 1)
    return first, low, high


def _audit(table: Any) -> dict[str, Any] | None:
    """The table's audit, or None while the club has another under way (clubs/heavy.py):
    the page then says so and offers to run it again."""
    try:
        with heavy_read(club_id=table.club_id):
            return ledger_audit(table_id=table.id)
    except HeavyReadBusy:
        return None


@member_required()
def audit_check(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """Run the table audit again (a read: auditors may)."""
    table = club_table(request, table_id)
    return render(
        request,
        "tableapp/_audit_result.html",
        {"table": table, "audit": _audit(table)},
    )
