"""`rebuild --projection table_state`: rebuild `Table` and `TableSnapshot` rows from the log,
or (``verify``) fold into memory and report every difference with the live rows."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence

from django.db import connection, transaction

from eventlog import RecordedEvent
from eventlog.subscriptions import Rebuildable, RebuildReport, rebuild_one
from games.models import Table, TableDeal, TableSnapshot
from games.sitting.aggregate import TableFold, load_state, strip_deals
from games.sitting.history import fold_stream
from games.sitting.rows import full_sitting, snapshot_write
from games.sitting.snapshot import SNAPSHOT_VERSION
from table_stream import TABLE_CREATED

NAME = "table_state"


def _differences(stream: str, fold: TableFold, row: TableSnapshot | None) -> list[str]:
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
    if row.table.closed != fold.state.closed:
        out.append(f"{stream}: closed {row.table.closed} live, {fold.state.closed} rebuilt")
    return out


_TABLE_COLUMNS = (
    "id, club_id, name, variant, options, players, created_at, closed, last_activity_at"
)
# One round trip for what a table's rebuild does before writing its rows: the `Table` row
# upserted from `TableCreated`, its deal summaries deleted, and whether a state row exists
# (its snapshot texts, long, are not fetched: they are replaced).
CLEAR_SQL = (
    f"WITH upserted AS (INSERT INTO {Table._meta.db_table} ({_TABLE_COLUMNS})"
    " VALUES (%s, %s, %s, %s, %s::jsonb, %s::jsonb, %s, %s, %s)"
    " ON CONFLICT (id, club_id) DO UPDATE SET"
    " name = EXCLUDED.name, variant = EXCLUDED.variant,"
    " options = EXCLUDED.options, players = EXCLUDED.players,"
    " created_at = EXCLUDED.created_at, closed = EXCLUDED.closed,"
    " last_activity_at = EXCLUDED.last_activity_at RETURNING id),"
    f" cleared AS (DELETE FROM {TableDeal._meta.db_table} WHERE table_id = %s AND club_id = %s)"
    f" SELECT EXISTS (SELECT 1 FROM {TableSnapshot._meta.db_table}"
    " WHERE table_id = %s AND club_id = %s)"
    " FROM upserted"
)


def _write(events: Sequence[RecordedEvent], fold: TableFold) -> None:
    created = events[0].data
    table_id, club_id = uuid.UUID(created["table_id"]), uuid.UUID(created["club_id"])
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                CLEAR_SQL,
                [
                    table_id,
                    club_id,
                    created["name"],
                    created["variant"],
                    json.dumps(created["options"]),
                    json.dumps(created["players"]),
                    events[0].recorded_at,
                    fold.state.closed,  # the Tables page's columns, as the appends left them
                    events[-1].recorded_at,
                    table_id,
                    club_id,
                    table_id,
                    club_id,
                ],
            )
            (exists,) = cursor.fetchone()
        snapshot_write(table_id, club_id, fold, insert=not exists)  # summaries deleted above


class TableStatePass:
    """The table-state rebuild on a shared read (`eventlog.replay`): every table
    made by a `TableCreated` (or the one stream named) is folded (`fold_stream`: settled
    deals from their recorded rulings) and its rows replaced in one transaction, or with
    ``verify`` compared with the live rows."""

    def __init__(self, *, stream: str | None = None, verify: bool = False) -> None:
        self.whole = stream is None
        self.verify = verify
        self.streams = 0
        self.events = 0
        self.differences: list[str] = []

    def table(self, stream: str, events: Sequence[RecordedEvent]) -> None:
        if self.whole and (not events or events[0].type != TABLE_CREATED):
            return  # not a table's stream
        self.streams += 1
        self.events += len(events)
        if not events:
            self.differences.append(f"{stream}: no events")
            return
        try:
            fold = fold_stream(events)
        except Exception as error:  # a log the current engine cannot fold is reported
            self.differences.append(f"{stream}: cannot be folded: {error!r}")
            return
        if self.verify:
            row = (
                TableSnapshot.objects.select_related("table")
                .filter(table_id=events[0].data["table_id"], club_id=events[0].data["club_id"])
                .first()
            )
            self.differences.extend(_differences(stream, fold, row))
        else:
            _write(events, fold)

    def finish(self) -> RebuildReport:
        return RebuildReport(NAME, self.streams, self.events, tuple(self.differences))


def table_state_rebuild(*, stream: str | None = None, verify: bool = False) -> RebuildReport:
    return rebuild_one(TableStatePass, stream=stream, verify=verify)


def register() -> None:
    from eventlog.subscriptions import register_rebuildable

    register_rebuildable(Rebuildable(NAME, table_state_rebuild, TableStatePass))
