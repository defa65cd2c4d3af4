"""The table screen, its live panel, and posting one step (with an Idempotency-Key)."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

from app_common.access import can_log, club_table, member_of, member_required
from app_common.words import event_words, renege_warning
from common.free_text import idempotency_key_problem
from games.selectors import card_refused, table_seating, table_undo_target
from games.services import (
    EventRejected,
    IdempotencyKeyReused,
    StaleVersion,
    TableNotFound,
    commands_parse,
    table_events_append,
)
from tableapp.conflict import conflict_notice
from tableapp.refusals import MALFORMED, posted_text_problem, refused_step, step_error
from tableapp.screen import table_screen
from tableapp.steps import StepInvalid, posted_version, step_event
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
    if since is not None and since == str(table.snapshot.version):
        return HttpResponse(status=204)
    context = table_screen(table, can_log=can_log(request))
    return render(request, "tableapp/_table.html", context)


def _idempotency_key(request: HttpRequest) -> str | None:
    return request.headers.get("Idempotency-Key") or request.POST.get("idempotency_key") or None


@member_required(writes=True)
def table_step(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """Log one step. A repeated key logs nothing twice; a stale version reloads the state
    and says so; a refusal is shown at its field, nothing stored."""
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "POST"})
    table = club_table(request, table_id)
    step = request.POST.get("step", "")
    posted: dict[str, Any] = {k: str(v) for k, v in request.POST.items()}  # shown again
    posted["seated"] = request.POST.getlist("seated")  # the boxes left ticked
    bad = posted_text_problem(request.POST)
    key = _idempotency_key(request)
    if bad is None and key is not None and idempotency_key_problem(key) is not None:
        bad = ("idempotency_key", idempotency_key_problem(key) or "")
    if bad is not None:  # what the API's parser refuses, refused here the same
        error = step_error(step, bad[0], bad[1])
        return _render(request, table_id, MALFORMED, error=error, posted=posted)
    try:
        expected = posted_version(request.POST)
        seated = table_seating(table=table)["seated"]  # those at the table now
        event = step_event(request.POST, seated)
    except ValueError:
        error = step_error(step, "", gettext("The page is out of date: reload it."))
        return _render(request, table_id, 422, error=error, posted=posted)
    except StepInvalid as invalid:
        error = step_error(step, invalid.field, str(invalid))
        return _render(request, table_id, 422, error=error, posted=posted)
    extra: dict[str, Any] = {}
    if step == "undo":
        extra["undone"] = _undo_words(table)  # said back once it is done
    elif step == "play":
        extra["warning"] = _renege_now(table, posted.get("player", ""), posted.get("card", ""))
    try:
        outcome = table_events_append(
            table_id=table.id,
            club=member_of(request).club,
            expected_version=expected,
            commands=commands_parse([event]),
            idempotency_key=key,
            context=context_for(request),
        )
    except TableNotFound:
        return _render(request, table_id, 404)
    except StaleVersion as stale:
        notice = conflict_notice(
            table, expected=stale.expected, current=stale.current, posted=event
        )
        return _render(request, table_id, 409, notice=notice, conflict=True)
    except EventRejected as refused:
        error = refused_step(step, refused.rejection)
        return _render(request, table_id, 422, error=error, posted=posted)
    except IdempotencyKeyReused:
        notice = gettext(
            "This step was already sent with different content; nothing more was logged."
        )
        return _render(request, table_id, 422, notice=notice)
    notice = gettext("Already logged (a repeated tap): logged once.") if outcome.replayed else None
    if outcome.replayed:
        extra = {}
    return _render(request, table_id, 200, notice=notice, logged=outcome.body["rulings"], **extra)


def _renege_now(table: Any, player: str, card: str) -> str | None:
    """With the player's hand logged, a card their obligations refuse is a renege the
    moment it is played (ruled when the next card is): say so now, while it can still be
    taken back."""
    obligation = card_refused(table=table, player=player, card=card)
    return None if obligation is None else renege_warning(player, obligation)


def _undo_words(table: Any) -> str | None:
    target = table_undo_target(table=table)
    return None if target is None else event_words(*target)
