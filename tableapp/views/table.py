"""The table screen, its live panel, and posting one step (with an Idempotency-Key)."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.selectors import table_state
from games.services import (
    EventRejected,
    IdempotencyKeyReused,
    StaleVersion,
    TableNotFound,
    table_events_append,
)
from tableapp.access import can_log, club_table, member_of, member_required
from tableapp.screen import table_screen
from tableapp.steps import StepInvalid, step_event
from tableapp.views.tables import context_for


def _fetched(request: HttpRequest) -> bool:
    """Sent by the page's script (or htmx): answer with the panel, not a whole page."""
    return request.headers.get("X-Requested-With") == "fetch" or "HX-Request" in request.headers


def _render(
    request: HttpRequest, table_id: uuid.UUID, status: int = 200, **extra: Any
) -> HttpResponse:
    table = club_table(request, table_id)  # read again: the step may have moved it on
    context = {**table_screen(table, can_log=can_log(request)), **extra}
    template = "tableapp/_table.html" if _fetched(request) else "tableapp/table.html"
    return render(request, template, context, status=status)


@member_required()
def table_page(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    return _render(request, table_id)


@member_required()
def table_panel(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """The live part of the screen; `?since=V` answers 204 while the table is still at V
    (the page polls it, so another device's steps show up)."""
    table = club_table(request, table_id)
    since = request.GET.get("since")
    if since is not None and since == str(table.projection.version):
        return HttpResponse(status=204)
    context = table_screen(table, can_log=can_log(request))
    return render(request, "tableapp/_table.html", context)


def _idempotency_key(request: HttpRequest) -> str | None:
    key = request.headers.get("Idempotency-Key") or request.POST.get("idempotency_key")
    return key[:200] if key else None


@member_required(writes=True)
def table_step(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """Log one step. A repeated key logs nothing twice; a stale version reloads the state
    and says so; a refusal is shown at its field, nothing stored."""
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "POST"})
    table = club_table(request, table_id)
    state, _ = table_state(table=table)
    try:
        expected = int(request.POST.get("expected_version", ""))
        event = step_event(request.POST, list(state.at_table))  # those at the table now
    except ValueError:
        return _render(
            request,
            table_id,
            422,
            error={"field": "expected_version", "message": "the page is out of date"},
        )
    except StepInvalid as invalid:
        return _render(
            request, table_id, 422, error={"field": invalid.field, "message": str(invalid)}
        )
    try:
        outcome = table_events_append(
            table_id=table.id,
            club=member_of(request).club,
            expected_version=expected,
            events=[event],
            idempotency_key=_idempotency_key(request),
            context=context_for(request),
        )
    except TableNotFound:
        return _render(request, table_id, 404)
    except StaleVersion as stale:
        notice = (
            f"Another device logged first: the table moved on to version {stale.current} "
            "and has been reloaded. Your step was not logged; check it and log it again."
        )
        return _render(request, table_id, 409, notice=notice, conflict=True)
    except EventRejected as refused:
        rejection = refused.rejection
        error = {
            "field": rejection.field or "",
            "message": rejection.message,
            "code": rejection.code,
        }
        return _render(request, table_id, 422, error=error)
    except IdempotencyKeyReused:
        notice = "This step was already sent with different content; nothing more was logged."
        return _render(request, table_id, 422, notice=notice)
    notice = "Already logged (a repeated tap): logged once." if outcome.replayed else None
    return _render(request, table_id, 200, notice=notice, logged=outcome.body["rulings"])
