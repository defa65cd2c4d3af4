"""The end of a club night: closing the table (the shares shown before confirming) and the
settle-up screen (who pays whom, read aloud or printed, and each player's statement)."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from app_common.access import can_log, club_table, member_of, member_required
from app_common.labels import statement_label
from common.csv_cells import CsvWriter
from games.selectors import table_closing_preview, table_state
from games.services import EventRejected, StaleVersion, commands_parse, table_events_append
from ledger.settlement import STATEMENT_FIELDS, ledger_settlement, settlement_rows
from tableapp.downloads import csv_download, file_name
from tableapp.refusals import MALFORMED, posted_text_problem
from tableapp.steps import posted_version
from tableapp.views.tables import context_for
from transparency.receipts import table_receipt


def _close_page(request: HttpRequest, table: Any, status: int = 200, **extra: Any) -> HttpResponse:
    _, version = table_state(table=table)
    preview = table_closing_preview(table=table)
    closing = preview.get("closing") or {}
    context = {
        "table": table,
        "version": version,
        "refused": preview.get("refused"),
        "pot": closing.get("pot", 0),
        "shares": [(p, n) for p, n in (closing.get("shares") or {}).items()],
        "transfers": closing.get("transfers") or [],
        "balances": sorted((preview.get("balances") or {}).items(), key=lambda b: -b[1]),
        "new_key": str(uuid.uuid4()),
        **extra,
    }
    return render(request, "tableapp/close.html", context, status=status)


@member_required(writes=True)
def close_table(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """GET: what closing now would do, ruled by the engine and stored nowhere. POST (the
    confirmation, at the version that was shown): log the close, then settle up."""
    table = club_table(request, table_id)
    if request.method != "POST":
        return _close_page(request, table)
    try:
        expected = posted_version(request.POST)
    except ValueError:
        return _close_page(request, table, 422, notice=_("The page is out of date: check again."))
    bad = posted_text_problem(request.POST)
    if bad is not None:  # what the API refuses (a NUL, an over-long key), refused the same
        return _close_page(request, table, MALFORMED, notice=f"{bad[0]}: {bad[1]}")
    key = request.POST.get("idempotency_key") or None
    try:
        table_events_append(
            table_id=table.id,
            club=member_of(request).club,
            expected_version=expected,
            commands=commands_parse([{"close": {}}]),
            idempotency_key=key,
            context=context_for(request),
        )
    except StaleVersion:
        notice = _(
            "Another device logged first: the shares below are as of now. "
            "Check them and confirm again."
        )
        return _close_page(request, table, 409, notice=notice)
    except EventRejected as refused:
        return _close_page(request, table, 422, notice=refused.rejection.message)
    return redirect("tableapp:settle-up", table_id=table.id)


@member_required()
def settle_up(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    settlement = ledger_settlement(table_id=table.id)
    context = {
        "table": table,
        "settlement": settlement,
        "fields": [statement_label(f) for f in STATEMENT_FIELDS],
        "rows": [  # each value with its column's name: a phone shows them as a list
            (s.player, [(statement_label(f), getattr(s, f)) for f in STATEMENT_FIELDS])
            for s in settlement.statements
        ],
        "can_log": can_log(request),
        "receipt_ready": settlement.closed
        and table_receipt(club_id=str(table.club_id), table_id=table.id) is not None,
    }
    return render(request, "tableapp/settle_up.html", context)


@member_required()
def settle_up_csv(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """The statements and transfers as `GET /settlement?format=csv` has them (the API
    wants a key; a signed-in member downloads it here)."""
    table = club_table(request, table_id)
    words = pgettext("file name", "%(table)s - settlement")
    response = csv_download(file_name(words, "csv", table=table.name))
    CsvWriter(response).writerows(settlement_rows(ledger_settlement(table_id=table.id)))
    return response
