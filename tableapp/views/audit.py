"""The auditor's page: the pot and every balance after every event (SVG charts, deal
boundaries marked), the ledger with each posting linked to its event, the table audit."""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.selectors import table_events_page, table_seating
from games.table import DEAL_STARTED, EVENT_UNDONE, RULING_MADE, TABLE_CREATED
from ledger.audit import ledger_audit
from ledger.selectors import ledger_postings
from tableapp.access import club_table, member_required
from tableapp.cards import card_label
from tableapp.charts import Series, line_chart, running
from tableapp.words import action_words, ruling_words

POT = "pot"
PLAYER = "player:"
EVERY_EVENT = 1_000_000


def _event_words(event: Any) -> str:
    data = event.data
    if event.type == RULING_MADE:
        return ruling_words({"kind": data.get("kind", ""), **data.get("ruling", {})})
    if event.type == EVENT_UNDONE:
        return f"undid event {data.get('undone_version')}: {data.get('reason') or 'no reason'}"
    if event.type == DEAL_STARTED:
        trump = f", trump {card_label(data['trump'])}" if data.get("trump") else ""
        return f"deal started: {data.get('dealer')} deals{trump}"
    if event.type == TABLE_CREATED:
        return f"table created: {', '.join(data.get('players', []))}"
    return action_words(data)


@member_required()
def audit_page(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
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
    last = versions[-1] if versions else 1
    boundaries = [e.version for e in events if e.type == DEAL_STARTED]
    pot_chart = line_chart(
        [Series("pot", running(changes[POT], versions))],
        boundaries=boundaries,
        title="The pot after every event",
        last_x=last,
    )
    sat = table_seating(table=table)["players"]  # every seat ever taken: late joiners too
    balance_chart = line_chart(
        [Series(p, running(changes[PLAYER + p], versions)) for p in sat],
        boundaries=boundaries,
        title="Each player's running balance",
        last_x=last,
    )
    context = {
        "table": table,
        "pot_chart": pot_chart,
        "balance_chart": balance_chart,
        "legs": legs,
        "events": [
            {"event": e, "words": _event_words(e), "actor": e.metadata.get("actor", {})}
            for e in events
        ],
        "audit": ledger_audit(table_id=table.id),
    }
    return render(request, "tableapp/audit.html", context)


@member_required()
def audit_check(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """Run the table audit again (a read: auditors may)."""
    table = club_table(request, table_id)
    return render(
        request,
        "tableapp/_audit_result.html",
        {"table": table, "audit": ledger_audit(table_id=table.id)},
    )
