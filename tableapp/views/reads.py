"""The ruling and the transcript of the sitting, readable and as JSON downloads."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from games.selectors import table_ruling, table_transcript
from tableapp.access import club_table, member_required
from tableapp.cards import card_label
from tableapp.words import action_words, ruling_words


def _download(document: dict[str, Any], filename: str) -> JsonResponse:
    response = JsonResponse(document, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@member_required()
def ruling_page(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    ruling = table_ruling(table=table)
    transcript = table_transcript(table=table)
    deals = []
    for index, deal in enumerate(ruling["deals"]):
        logged = transcript["deals"][index] if index < len(transcript["deals"]) else {}
        actions = logged.get("actions", [])
        deals.append(
            {
                "number": index + 1,
                "dealer": logged.get("dealer"),
                "trump": card_label(logged["trump"]) if logged.get("trump") else None,
                "ruling": deal,
                "words": [ruling_words(r, actions) for r in deal.get("rulings", [])],
                "actions": [action_words(a) for a in actions],
                "tricks": [
                    {**t, "cards": [(p, card_label(c)) for p, c in t["cards"]]}
                    for t in deal.get("tricks", [])
                ],
            }
        )
    context = {
        "table": table,
        "ruling": ruling,
        "deals": deals,
        "ruling_json": json.dumps(ruling, indent=1, ensure_ascii=False),
    }
    return render(request, "tableapp/ruling.html", context)


@member_required()
def ruling_json(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    return _download(table_ruling(table=table), f"ruling-{table.id}.json")


@member_required()
def transcript_json(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    table = club_table(request, table_id)
    return _download(table_transcript(table=table), f"transcript-{table.id}.json")
