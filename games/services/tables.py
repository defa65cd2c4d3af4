"""Creating tables (and importing a whole transcript as a new table)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from clubs.models import Club
from games.engine import Rejection, new_sitting
from games.engine.transcript import TranscriptRejected, open_transcript, transcript_closed
from games.models import Table
from games.services.context import RequestContext
from games.sitting import POSTGRES, EventRejected, TableRepository
from games.table import TableCreatedData


def table_create(
    *,
    club: Club,
    name: str,
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    context: RequestContext | None = None,
    tables: TableRepository | None = None,
) -> Table:
    """A new table: `TableCreated` is version 1 of its stream. Raises `Rejection` for a
    variant, option or player list the rules refuse."""
    sitting = new_sitting(variant=variant, players=players, options=options)
    table = Table(
        id=uuid.uuid4(),
        club_id=club.pk,
        name=name,
        variant=sitting.variant,
        options=dict(sitting.options),
        players=list(sitting.players),
    )
    data: TableCreatedData = {
        "table_id": str(table.id),
        "club_id": str(club.pk),
        "name": name,
        "variant": table.variant,
        "options": table.options,
        "players": table.players,
    }
    metadata = (context or RequestContext()).metadata()
    result = (tables or POSTGRES).create(table=table, sitting=sitting, data=data, metadata=metadata)
    table.created_at = result.events[0].recorded_at  # as the projection wrote the row
    return table


def table_import(
    *, club: Club, name: str, transcript: object, context: RequestContext | None = None
) -> Table:
    """A new table holding a whole `bourre-transcript/1` sitting, all or nothing.
    Raises `TranscriptRejected` (deal and action located)."""
    from games.services.events import table_events_append

    sitting, deals = open_transcript(transcript)
    events: list[dict[str, Any]] = []
    where: list[tuple[int | None, int | None]] = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, Mapping):
            raise TranscriptRejected(
                i, None, Rejection("invalid_transcript", "a deal is an object")
            )
        header = {k: v for k, v in deal.items() if k != "actions"}
        events.append({"deal": header})
        where.append((i, None))
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise TranscriptRejected(
                i, None, Rejection("invalid_transcript", "actions: must be a list", field="actions")
            )
        for j, action in enumerate(actions):
            events.append(action)
            where.append((i, j))
    doc = transcript if isinstance(transcript, Mapping) else {}
    if transcript_closed(doc):
        events.append({"close": {}})
        where.append((len(deals) - 1 if deals else None, None))
    with transaction.atomic():
        table = table_create(
            club=club,
            name=name,
            variant=sitting.variant,
            players=list(sitting.players),
            options=doc.get("options"),
            context=context,
        )
        if events:
            try:
                table_events_append(
                    table_id=table.id, club=club, expected_version=1, events=events, context=context
                )
            except EventRejected as rejected:
                deal, action = where[rejected.index] if rejected.index is not None else (None, None)
                raise TranscriptRejected(deal, action, rejected.rejection) from None
    return Table.objects.select_related("projection").get(id=table.id)
