"""A table's rows in SQL: its snapshot row, deal summaries and stored answers.

The statements the PostgreSQL store sends (`games.sitting.postgres`), the one-statement read
of a snapshot row with its table and the answer stored for a request's key, and the
snapshot rows rewritten from the log (a rebuild; a snapshot of an older codec repaired on
first read). Every statement names the club as well as the table: on Citus the rows are
distributed by club, and naming it sends the statement to the club's one shard.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import replace

from django.db import connection, transaction

from eventlog import read_stream
from games.engine import Sitting
from games.models import Table, TableDeal, TableRequest, TableSnapshot
from games.sitting.aggregate import TableFold, dump_state, strip_deals
from games.sitting.history import fold_stream
from games.sitting.repository import StoredAnswer, events_text
from games.sitting.snapshot import SNAPSHOT_VERSION
from games.sitting.snapshot_cache import decoded, remember

_STATE = TableSnapshot._meta.db_table
_TABLE = Table._meta.db_table
_REQUEST = TableRequest._meta.db_table
_DEAL = TableDeal._meta.db_table
_WHERE = "WHERE table_id = %s AND club_id = %s"

DEAL_ROW = "(%s::uuid, %s::uuid, %s::integer, %s::text)"
DEALS_UPSERT_SQL = (
    f'INSERT INTO {_DEAL} (table_id, club_id, "index", summary) VALUES {{rows}}'
    ' ON CONFLICT (table_id, club_id, "index") DO UPDATE SET summary = EXCLUDED.summary'
)
DEALS_DELETE_SQL = f'DELETE FROM {_DEAL} {_WHERE} AND "index" >= %s'
DEALS_COPY_SQL = f'COPY {_DEAL} (table_id, club_id, "index", summary) FROM STDIN'
_SNAPSHOT_COLUMNS = "version, snapshot_version, state, deal_start, deal_events, updated_at"
SNAPSHOT_INSERT_SQL = (
    f"INSERT INTO {_STATE} (table_id, club_id, {_SNAPSHOT_COLUMNS})"
    " VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb, now())"
)
SNAPSHOT_UPDATE_SQL = (
    f"UPDATE {_STATE} SET version = %s, snapshot_version = %s, state = %s, deal_start = %s,"
    f" deal_events = %s::jsonb, updated_at = now() {_WHERE}"
)

_READ_COLUMNS = (
    "SELECT s.version, s.snapshot_version, s.state, s.deal_start, s.deal_events::text,"
    " t.id, t.club_id, t.name, t.variant, t.options::text, t.players::text, t.created_at"
)
_READ_FROM = f" FROM {_STATE} s JOIN {_TABLE} t ON t.id = s.table_id AND t.club_id = s.club_id"
# An abandoned import's table takes no more events (Table.import_status).
_READ_WHERE = " WHERE s.table_id = %s AND s.club_id = %s AND t.import_status <> 'abandoned'"
READ_SQL = (
    f"{_READ_COLUMNS}, r.request_hash, r.status_code, r.response{_READ_FROM}"
    # The club given to the answers as a value, not only joined: Citus prunes the shards of
    # an outer join's inner side only by a value (then all three are the club's one shard).
    f" LEFT JOIN {_REQUEST} r ON r.table_id = s.table_id AND r.club_id = %s AND r.key = %s"
    f"{_READ_WHERE}"
)
# Without a key: no join to the answers (`r.key = NULL` would leave Citus nothing to prune
# them by).
READ_WITHOUT_KEY_SQL = f"{_READ_COLUMNS}, NULL, NULL, NULL{_READ_FROM}{_READ_WHERE}"
#: The `Table` fields a read loads; the Tables page's columns are deferred (saves write them).
_READ_TABLE_FIELDS = ["id", "club_id", "name", "variant", "options", "players", "created_at"]


class SnapshotRow:
    """A snapshot row as read: its texts, at `version`, of `snapshot_version`."""

    __slots__ = ("deal_events", "deal_start", "snapshot_version", "state", "table", "version")

    def __init__(
        self,
        table: Table,
        version: int,
        snapshot_version: str,
        state: str,
        deal_start: str,
        deal_events: str,
    ) -> None:
        self.table, self.version, self.snapshot_version = table, version, snapshot_version
        self.state, self.deal_start, self.deal_events = state, deal_start, deal_events

    def fold(self) -> TableFold:
        return TableFold(
            state=decoded(self.state),
            deal_start=decoded(self.deal_start),
            version=self.version,
            deal_events=json.loads(self.deal_events),
        )


def row_read(
    table_id: uuid.UUID, club_id: uuid.UUID, key: str | None
) -> tuple[SnapshotRow, StoredAnswer | None] | None:
    """The table's snapshot row (of the current codec: an older one is rebuilt from the log
    first) and the answer stored for `key`; None for no such table. One statement, no lock."""
    with connection.cursor() as cursor:
        if key is None:
            cursor.execute(READ_WITHOUT_KEY_SQL, [table_id, club_id])
        else:
            cursor.execute(READ_SQL, [club_id, key, table_id, club_id])
        found = cursor.fetchone()
    if found is None:
        return None
    (version, snapshot_version, state, deal_start, events) = found[:5]
    (id_, club, name, variant, options, players, created_at) = found[5:12]
    table = Table.from_db(
        "default",
        _READ_TABLE_FIELDS,
        [id_, club, name, variant, json.loads(options), json.loads(players), created_at],
    )
    row = SnapshotRow(table, version, snapshot_version, state, deal_start, events)
    if snapshot_version != SNAPSHOT_VERSION:
        row = snapshot_repaired(table)
    request_hash, status_code, response = found[12:]
    earlier = None if request_hash is None else StoredAnswer(request_hash, status_code, response)
    return row, earlier


def snapshot_repaired(table: Table) -> SnapshotRow:
    """The table's snapshot rebuilt from its log, under the row's lock, when it is not of
    the current codec (written by an older release): an upgrade never makes a table
    unreadable, and never needs a migration of the snapshots."""
    with transaction.atomic():
        locked = TableSnapshot.objects.select_for_update().get(
            table_id=table.id, club_id=table.club_id
        )
        if locked.snapshot_version != SNAPSHOT_VERSION:
            fold = fold_stream(read_stream(stream=table.stream, club=table.club_id))
            with connection.cursor() as cursor:
                cursor.execute(f"DELETE FROM {_DEAL} {_WHERE}", [table.id, table.club_id])
            snapshot_write(table.id, table.club_id, fold, insert=False)
            locked = TableSnapshot.objects.get(table_id=table.id, club_id=table.club_id)
    return SnapshotRow(
        table,
        locked.version,
        locked.snapshot_version,
        locked.state,
        locked.deal_start,
        events_text(locked.deal_events),
    )


def snapshot_write(
    table_id: uuid.UUID, club_id: uuid.UUID, fold: TableFold, *, insert: bool
) -> None:
    """Write a table's snapshot row (a new one with `insert`) and deal summaries from `fold`
    (a rebuild, a repair: the caller has deleted the summaries)."""
    state, settled = strip_deals(fold.state)
    deal_start = strip_deals(fold.deal_start)[0]
    text, start_text = dump_state(state), dump_state(deal_start)
    remember(text, state)
    remember(start_text, deal_start)
    columns = [fold.version, SNAPSHOT_VERSION, text, start_text, events_text(fold.deal_events)]
    with connection.cursor() as cursor:
        if insert:
            cursor.execute(SNAPSHOT_INSERT_SQL, [table_id, club_id, *columns])
        else:
            cursor.execute(SNAPSHOT_UPDATE_SQL, [*columns, table_id, club_id])
    deals_copy(table_id, club_id, settled)


def summary_text(summary: Mapping[str, object]) -> str:
    """A deal summary as JSON text: kept as text, its keys keep the engine's order (the
    order of `bourre-ruling/1`), which jsonb would not."""
    return json.dumps(summary, ensure_ascii=False, separators=(",", ":"))


def deals_write(
    table_id: uuid.UUID,
    club_id: uuid.UUID,
    settled: Mapping[int, Mapping[str, object]],
    deals_from: int | None,
) -> None:
    """A save's deal summaries: those an undo took back deleted, those settled written."""
    with connection.cursor() as cursor:
        if deals_from is not None:
            cursor.execute(DEALS_DELETE_SQL, [table_id, club_id, deals_from])
        if settled:  # one statement (an undone settling play is settled again)
            params: list[object] = []
            for index, summary in settled.items():
                params += [table_id, club_id, index, summary_text(summary)]
            rows = ", ".join([DEAL_ROW] * len(settled))
            cursor.execute(DEALS_UPSERT_SQL.format(rows=rows), params)


def deals_copy(
    table_id: uuid.UUID, club_id: uuid.UUID, settled: Mapping[int, Mapping[str, object]]
) -> None:
    """Insert a table's settled deals with COPY: a rebuild writes twenty deals and more per
    table, and a multi-row INSERT of long JSON texts costs more Python than COPY."""
    if not settled:
        return
    with connection.cursor() as cursor, cursor.cursor.copy(DEALS_COPY_SQL) as copy:
        for index, summary in settled.items():
            copy.write_row((table_id, club_id, index, summary_text(summary)))


def row_state(row: TableSnapshot) -> Sitting:
    """The engine state of a snapshot row (settled deals as placeholders), repaired first
    when it is of an older codec."""
    if row.snapshot_version != SNAPSHOT_VERSION:
        return decoded(snapshot_repaired(row.table).state)
    return decoded(row.state)


def full_sitting(row: TableSnapshot) -> Sitting:
    """The whole engine state, settled deals included (for rulings)."""
    state = row_state(row)
    if not state.deals:
        return state
    summaries = [
        json.loads(text)
        for text in TableDeal.objects.filter(table_id=row.table_id, club_id=row.club_id)
        .order_by("index")
        .values_list("summary", flat=True)
    ]
    return replace(state, deals=tuple(summaries))
