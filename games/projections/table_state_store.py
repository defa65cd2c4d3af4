"""Reading and writing the table-state rows. States are stored with a placeholder for
each settled deal (the engine only counts them); the summaries live in `TableDeal`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.engine import Sitting
from games.models import TableDeal, TableState
from games.projections.table_state import TableFold, dump_state, load_state, strip_deals


def fold_load(row: TableState) -> TableFold:
    """The fold to append with (settled deals as placeholders)."""
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
    fields = ["version", "state", "deal_events", "updated_at"]
    row.version = fold.version
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
    state = load_state(row.state)
    if not state.deals:
        return state
    summaries = [
        json.loads(text)
        for text in TableDeal.objects.filter(table_id=row.table_id)
        .order_by("index")
        .values_list("summary", flat=True)
    ]
    return replace(state, deals=tuple(summaries))
