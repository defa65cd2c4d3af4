"""The club's tables, and creating one."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from api_common.numbers import ascii_int
from app_common.access import can_log, member_of, member_required
from app_common.labels import phase_words
from games.selectors import table_list_by_activity, table_summary
from games.services import (
    IdempotencyKeyReused,
    Rejection,
    RequestContext,
    table_create,
    table_create_problems,
)
from tableapp.forms import (
    form_field,
    player_words,
    players_of,
    posted_options,
    variant_options,
)
from tableapp.refusals import MALFORMED, posted_number_problem, posted_text_problem, sentence

#: Tables a page of the Tables list shows.
PAGE_SIZE = 25


def table_rows(tables: list[Any]) -> list[dict[str, Any]]:
    rows = []
    for table in tables:
        seen = table_summary(table=table)
        rows.append(
            {
                **seen,
                "table": table,
                "phase": phase_words(seen["phase"]),
                "last_activity": table.last_activity_at,
            }
        )
    return rows


def _listing(request: HttpRequest) -> dict[str, Any]:
    """One page of the club's tables: open ones (the default) or closed ones, the last
    active first, with links to the pages around it."""
    closed = request.GET.get("show") == "closed"
    page = request.GET.get("page", "1")
    number = ascii_int(page, digits=6) or 1  # `?page=²` too: the first page
    tables = table_list_by_activity(
        club=member_of(request).club,
        closed=closed,
        offset=(number - 1) * PAGE_SIZE,
        limit=PAGE_SIZE,
    )
    return {
        "rows": table_rows(tables[:PAGE_SIZE]),
        "show": "closed" if closed else "open",
        "page": number,
        "previous_page": number - 1 if number > 1 else None,
        "next_page": number + 1 if len(tables) > PAGE_SIZE else None,
    }


def context_for(request: HttpRequest) -> RequestContext:
    member = member_of(request)
    return RequestContext(
        actor_id=f"member:{member.id}",
        actor_name=member.name,
        client=f"app; {request.headers.get('User-Agent', '')}"[:200],
    )


def _at_fields(refusals: list[Rejection], variant: str, players: list[str]) -> dict[str, str]:
    """The service's refusals as words at the form's fields (the first for each field)."""
    errors: dict[str, str] = {}
    for refusal in refusals:
        said = sentence(player_words(refusal, players), players)
        errors.setdefault(form_field(refusal.field, variant), said)
    return errors


@member_required(writes=True)
def tables(request: HttpRequest) -> HttpResponse:
    errors: dict[str, str] = {}
    values: dict[str, str] = {"variant": "louisiana"}
    bad = None
    if request.method == "POST":
        values = {k: str(v) for k, v in request.POST.items()}
        variant = values.get("variant", "")
        players = players_of(values.get("players", ""))
        given = {
            "name": values.get("name", ""),
            "variant": variant,
            "players": players,
            "options": posted_options(variant, values),
        }
        bad = posted_text_problem(request.POST) or posted_number_problem(given["options"])
        # The API's checks, all of them at once (table_create would stop at the first).
        errors = _at_fields(table_create_problems(**given), variant, players)
        if bad is not None:  # what the API's parser refuses: a NUL, a number beyond 2^53
            errors.setdefault(
                form_field(bad[0], variant) if bad[0] != "players" else "players",
                sentence(bad[1]),
            )
        if not errors:
            # The form's key: a double tap, or a post sent again after a lost answer, opens
            # the table the first one made instead of making a second.
            key = values.pop("idempotency_key", "") or None
            try:
                table = table_create(
                    club=member_of(request).club,
                    context=context_for(request),
                    idempotency_key=key,
                    **given,
                )
            except Rejection as refusal:
                errors = _at_fields([refusal], variant, players)
            except IdempotencyKeyReused:
                # A form that made a table already, sent back with other values (the
                # browser's Back): the form now has a fresh key.
                errors = {"form": _("This form already made a table. Check it and create again.")}
            else:
                return redirect("tableapp:table", table_id=table.id)
    status = (MALFORMED if bad is not None else 422) if errors else 200
    return render(
        request,
        "tableapp/tables.html",
        {
            **_listing(request),
            "can_log": can_log(request),
            "variants": variant_options(values if request.method == "POST" else None),
            "values": values,
            "errors": errors,
            # Kept across a refusal (nothing was made with it), fresh after a reuse.
            "new_key": values.get("idempotency_key") or str(uuid.uuid4()),
        },
        status=status,
    )
