"""The ruling and the transcript of the sitting, readable and as JSON downloads."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from app_common.access import club_table, member_required
from app_common.cards import card_label
from app_common.words import action_words, ruling_words
from games.selectors import table_ruling, table_transcript
from tableapp.downloads import attach, file_name
from tableapp.paging import DEALS_PER_PAGE, first_deal_shown


def _download(document: dict[str, Any], filename: str) -> JsonResponse:
    response = JsonResponse(document, json_dumps_params={"indent": 1, "ensure_ascii": False})
    return attach(response, filename)


@member_required()
def ruling_page(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    """The ruling DEALS_PER_PAGE deals at a time (`?from=` the first deal's number; the
    latest deals by default), so the page stays small whatever the table's length (a
    1,000-deal table's page used to be 5.9 MB). The whole documents are the downloads."""
    table = club_table(request, table_id)
    ruling = table_ruling(table=table)
    transcript = table_transcript(table=table)
    first, shown = _page_of_deals(request, len(ruling["deals"]))
    deals = []
    for index in shown:
        deal = ruling["deals"][index]
        logged = transcript["deals"][index] if index < len(transcript["deals"]) else {}
        actions = logged.get("actions", [])
        deals.append(
            {
                "heading": _deal_heading(index + 1, logged),
                "number": index + 1,
                "dealer": logged.get("dealer"),
                "trump": card_label(logged["trump"]) if logged.get("trump") else None,
                "ruling": deal,
                "words": [
                    ruling_words(r, actions, variant=table.variant) for r in deal.get("rulings", [])
                ],
                "actions": [action_words(a) for a in actions],
                "tricks": [
                    {**t, "cards": [(p, card_label(c)) for p, c in t["cards"]]}
                    for t in deal.get("tricks", [])
                ],
            }
        )
    count = len(ruling["deals"])
    page_doc = {**ruling, "deals": [ruling["deals"][i] for i in shown]}
    context = {
        "table": table,
        "players": transcript["players"],  # every seat ever taken: a late joiner too
        "ruling": ruling,
        "deals": deals,
        "ruling_json": json.dumps(page_doc, indent=1, ensure_ascii=False),
        "page": {
            "first": first + 1,
            "last": first + len(shown),
            "count": count,
            "earlier": max(1, first + 1 - DEALS_PER_PAGE) if first > 0 else None,
            "later": first + len(shown) + 1 if first + len(shown) < count else None,
        },
    }
    return render(request, "tableapp/ruling.html", context)


def _deal_heading(number: int, logged: dict[str, Any]) -> str:
    """ "Deal 2: cy deals, trump 7♠", as much of it as is known."""
    words = {"number": number, "dealer": logged.get("dealer")}
    if logged.get("trump"):
        words["card"] = card_label(logged["trump"])
    if words["dealer"] and "card" in words:
        return _("Deal %(number)s: %(dealer)s deals, trump %(card)s") % words
    if words["dealer"]:
        return _("Deal %(number)s: %(dealer)s deals") % words
    if "card" in words:
        return _("Deal %(number)s, trump %(card)s") % words
    return _("Deal %(number)s") % words


def _page_of_deals(request: HttpRequest, count: int) -> tuple[int, range]:
    """The page's first deal (0-based) and the indexes of the deals shown."""
    first = first_deal_shown(request, count)
    return first, range(first, min(count, first + DEALS_PER_PAGE))


@member_required()
def ruling_json(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    name = file_name(pgettext("file name", "%(table)s - ruling"), "json", table=table.name)
    return _download(table_ruling(table=table), name)


@member_required()
def transcript_json(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    name = file_name(pgettext("file name", "%(table)s - transcript"), "json", table=table.name)
    return _download(table_transcript(table=table), name)
