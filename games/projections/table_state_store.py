"""Reading and writing the table-state rows. States are stored as JSON snapshots with a
placeholder for each settled deal (the engine only counts them); the summaries live in
`TableDeal`.

Every read goes through `row_current`: a row whose snapshot is not of the current
`SNAPSHOT_VERSION` (written by an older release, or a pickle-era row) is rebuilt from the
table's log first, under the row's lock, so an upgrade never makes a table unreadable and
never needs a migration of the snapshots."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.db import transaction

from games.engine import Sitting
from games.eventstore import read_stream
from games.models import TableDeal, TableState
from games.projections.snapshot import SNAPSHOT_VERSION
from games.projections.table_state import (
    TableFold,
    dump_state,
    fold_events,
    load_state,
    strip_deals,
)


def row_current(row: TableState) -> TableState:
    """`row`, rebuilt from the log first when its snapshot is not of the current version
    (the caller's row object is updated in place)."""
    if row.snapshot_version == SNAPSHOT_VERSION:
        return row
    with transaction.atomic():
        locked = TableState.objects.select_for_update().select_related("table").get(pk=row.pk)
        if locked.snapshot_version != SNAPSHOT_VERSION:
            table = locked.table
            fold = fold_events(read_stream(stream=table.stream, club=table.club_id))
            TableDeal.objects.filter(table_id=locked.table_id).delete()
            fold.deal_start_changed = True
            fold_save(locked, fold, settled_before=0, deals_cleared=True)
    for name in ("version", "snapshot_version", "state", "deal_start", "deal_events"):
        setattr(row, name, getattr(locked, name))
    return row


def row_state(row: TableState) -> Sitting:
    """The engine state of the row (settled deals as placeholders)."""
    return load_state(row_current(row).state)


def fold_load(row: TableState) -> TableFold:
    """The fold to append with (settled deals as placeholders)."""
    row_current(row)
    return TableFold(
        state=load_state(row.state),
        deal_start=load_state(row.deal_start),
        version=row.version,
        deal_events=list(row.deal_events),
    )


def summary_text(summary: Mapping[str, Any]) -> str:
    """A deal summary as JSON text: kept as text, its keys keep the engine's order (the
    order of `bourre-ruling/1`), which jsonb would not."""
    return json.dumps(summary, ensure_ascii=False, separators=(",", ":"))


def fold_save(
    row: TableState, fold: TableFold, *, settled_before: int, deals_cleared: bool = False
) -> None:
    """Write the fold back: new or undone deal summaries, then the row. A rebuild that
    has just deleted the table's summaries passes `deals_cleared` to insert them at once."""
    state, settled = strip_deals(fold.state)
    count = len(state.deals)
    if deals_cleared:
        TableDeal.objects.bulk_create(
            TableDeal(table_id=row.table_id, index=index, summary=summary_text(summary))
            for index, summary in settled.items()
        )
    else:
        if count < settled_before:
            TableDeal.objects.filter(table_id=row.table_id, index__gte=count).delete()
        for index, summary in settled.items():
            TableDeal.objects.update_or_create(
                table_id=row.table_id, index=index, defaults={"summary": summary_text(summary)}
            )
    fields = ["version", "snapshot_version", "state", "deal_events", "updated_at"]
    row.version = fold.version
    row.snapshot_version = SNAPSHOT_VERSION
    row.state = dump_state(state)
    row.deal_events = fold.deal_events
    if fold.deal_start_changed:
        row.deal_start = dump_state(strip_deals(fold.deal_start)[0])
        fields.append("deal_start")
    if row._state.adding:
        row.save()
    else:
        row.save(update_fields=fields)


def full_sitting(row: TableState) -> Sitting:
    """The whole engine state, settled deals included (for rulings)."""
    state = row_state(row)
    if not state.deals:
        return state
    summaries = [
        json.loads(text)
        for text in TableDeal.objects.filter(table_id=row.table_id)
        .order_by("index")
        .values_list("summary", flat=True)
    ]
    return replace(state, deals=tuple(summaries))
