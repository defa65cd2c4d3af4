"""`rebuild --projection table_state`: rebuild `Table` and `TableState` rows from the log,
or (``verify``) fold into memory and report every difference with the live rows."""

from __future__ import annotations

import uuid

from django.db import transaction

from games.eventstore import RecordedEvent, read_stream, stream_first_events
from games.models import Table, TableDeal, TableState
from games.projections.registry import Rebuildable, RebuildReport
from games.projections.snapshot import SNAPSHOT_VERSION
from games.projections.table_state import (
    TableFold,
    fold_events,
    load_state,
    strip_deals,
)
from games.projections.table_state_store import fold_save, full_sitting
from games.table import STREAM_PREFIX, TABLE_CREATED

NAME = "table_state"


def _streams(stream: str | None) -> list[str]:
    if stream is not None:
        return [stream]
    return [e.stream for e in stream_first_events(prefix=STREAM_PREFIX) if e.type == TABLE_CREATED]


def _differences(stream: str, fold: TableFold, row: TableState | None) -> list[str]:
    if row is None:
        return [f"{stream}: no live table-state row"]
    if row.snapshot_version != SNAPSHOT_VERSION:
        # Not wrong, only older: the row is rebuilt from the log on first use.
        return [f"{stream}: snapshot of version {row.snapshot_version or 'pickle'} is stale"]
    out = []
    if row.version != fold.version:
        out.append(f"{stream}: version {row.version} live, {fold.version} rebuilt")
    if full_sitting(row) != fold.state:
        out.append(f"{stream}: engine state differs")
    if load_state(row.deal_start) != strip_deals(fold.deal_start)[0]:
        out.append(f"{stream}: state at the start of the current deal differs")
    if row.deal_events != fold.deal_events:
        out.append(f"{stream}: live events of the current deal differ")
    return out


def _write(events: list[RecordedEvent], fold: TableFold) -> None:
    created = events[0].data
    table_id = uuid.UUID(created["table_id"])
    with transaction.atomic():
        table, _ = Table.objects.update_or_create(
            id=table_id,
            defaults={
                "club_id": created["club_id"],
                "name": created["name"],
                "variant": created["variant"],
                "options": created["options"],
                "players": created["players"],
                "created_at": events[0].recorded_at,
            },
        )
        TableDeal.objects.filter(table=table).delete()
        row = TableState.objects.filter(table=table).first() or TableState(table=table)
        fold.deal_start_changed = True
        fold_save(row, fold, settled_before=0, deals_cleared=True)


def table_state_rebuild(*, stream: str | None = None, verify: bool = False) -> RebuildReport:
    differences: list[str] = []
    streams = _streams(stream)
    count = 0
    for name in streams:
        events = read_stream(stream=name)
        count += len(events)
        if not events:
            differences.append(f"{name}: no events")
            continue
        try:
            fold = fold_events(events)
        except Exception as error:  # a log the current engine cannot fold is reported
            differences.append(f"{name}: cannot be folded: {error!r}")
            continue
        if verify:
            row = TableState.objects.filter(table_id=events[0].data["table_id"]).first()
            differences.extend(_differences(name, fold, row))
        else:
            _write(events, fold)
    return RebuildReport(NAME, len(streams), count, tuple(differences))


def register() -> None:
    from games.projections.registry import register_rebuildable

    register_rebuildable(Rebuildable(NAME, table_state_rebuild))
