"""Creating tables (and importing a whole transcript as a new table)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from clubs.models import Club
from games.engine import Rejection, new_sitting
from games.engine.transcript import TranscriptRejected, open_transcript, transcript_closed
from games.eventstore import NewEvent, append
from games.models import Table, TableState
from games.projections.registry import project_inline
from games.projections.snapshot import SNAPSHOT_VERSION
from games.projections.table_state import dump_state
from games.services.context import RequestContext
from games.services.errors import EventRejected
from games.services.inputs import (
    table_create_problems,
    table_name_checked,
    table_players_checked,
    words_of,
)
from games.table import TABLE_CREATED, stream_name


def table_create(
    *,
    club: Club,
    name: str,
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    context: RequestContext | None = None,
) -> Table:
    """A new table: `TableCreated` is version 1 of its stream. Raises `Rejection` for a
    name, variant, option or player list the rules refuse (`games.services.inputs`: the
    API and the app's form are held to the same checks)."""
    problems = table_create_problems(name=name, variant=variant, players=players, options=options)
    if problems:
        raise problems[0]
    name = table_name_checked(name)
    players = table_players_checked(players)
    sitting = new_sitting(variant=variant, players=players, options=options)
    table_id = uuid.uuid4()
    data = {
        "table_id": str(table_id),
        "club_id": str(club.id),
        "name": name,
        "variant": sitting.variant,
        "options": dict(sitting.options),
        "players": list(sitting.players),
    }
    context = context or RequestContext()
    with transaction.atomic():
        result = append(
            stream=stream_name(table_id),
            club=club.id,
            expected_version=0,
            events=[NewEvent(TABLE_CREATED, data)],
            metadata=context.metadata(),
        )
        project_inline(result.events)
        table = Table.objects.create(
            id=table_id,
            club=club,
            name=name,
            variant=sitting.variant,
            options=data["options"],
            players=data["players"],
            created_at=result.events[0].recorded_at,
        )
        TableState.objects.create(
            table=table,
            version=result.last_version,
            snapshot_version=SNAPSHOT_VERSION,
            state=dump_state(sitting),
            deal_start=dump_state(sitting),
            deal_events=[],
        )
    return table


def table_import(
    *, club: Club, name: str, transcript: object, context: RequestContext | None = None
) -> Table:
    """A new table holding a whole `bourre-transcript/1` sitting, all or nothing.
    Raises `Rejection` for the table's name, `TranscriptRejected` (deal and action located)
    for the document."""
    from games.services.events import table_events_append

    name = table_name_checked(name)
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
        try:
            table = table_create(
                club=club,
                name=name,
                variant=sitting.variant,
                players=list(sitting.players),
                options=doc.get("options"),
                context=context,
            )
        except Rejection as refused:  # the players and options are the document's
            field = f"transcript.{refused.field}" if refused.field else None
            raise TranscriptRejected(
                None, None, Rejection(refused.code, f"{field}: {words_of(refused)}", field=field)
            ) from None
        if events:
            try:
                table_events_append(
                    table_id=table.id, club=club, expected_version=1, events=events, context=context
                )
            except EventRejected as rejected:
                deal, action = where[rejected.index] if rejected.index is not None else (None, None)
                raise TranscriptRejected(deal, action, rejected.rejection) from None
    return Table.objects.select_related("projection").get(id=table.id)
