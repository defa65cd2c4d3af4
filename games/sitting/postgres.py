"""The table's write side on PostgreSQL (`PostgresTables`): the unit of work's steps on the
table's rows (their statements and one-statement reads are `games.sitting.rows`'), and
reading a snapshot row into the engine's state.

States are stored as JSON snapshots (`TableState`) with a placeholder for each settled deal
(the engine only counts them); the summaries live in `TableDeal`, the stored answers of
idempotent requests in `TableRequest`. Every statement on them names the table's club as
well as the table: on Citus they are distributed by club (`games/models/tables.py`), and
naming the club sends the statement to the club's one shard.

Every read goes through `row_current`: a row whose snapshot is not of the current
`SNAPSHOT_VERSION` (written by an older release, or a pickle-era row) is rebuilt from the
table's log first, under the row's lock, so an upgrade never makes a table unreadable and
never needs a migration of the snapshots."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Any

import orjson
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from followers.registry import inline_writes, project_inline
from games.engine import Sitting
from games.eventstore import (
    AppendResult,
    NewEvent,
    RecordedEvent,
    WriteFirst,
    append,
    log_distributed,
    read_stream,
)
from games.models import Table, TableDeal, TableRequest, TableState
from games.sitting import snapshot_cache
from games.sitting.aggregate import TableFold, dump_state, strip_deals
from games.sitting.errors import IdempotencyKeyReused, RowMoved
from games.sitting.history import fold_stream
from games.sitting.repository import Held, NewAnswer, StoredAnswer, TableRepository
from games.sitting.rows import (
    REQUEST_FROM_SAVED_SQL,
    TABLE_LISTING_SQL,
    UPDATE_SQL,
    UPDATE_WITH_START_SQL,
    deals_copy,
    deals_write,
    events_text,
    request_stored,
    row_locked,
    row_read,
)
from games.sitting.snapshot import SNAPSHOT_VERSION
from games.sitting.snapshot_cache import decoded, remember

#: The advisory lock class of a keyed table creation ('BRTC'): two retries of one create
#: wait for each other, so the second finds the first's table.
CREATE_LOCK_CLASS = 0x42525443


class PostgresTables(TableRepository):
    """The unit of work on PostgreSQL: the state row's lock, `games.eventstore.append`,
    the registry's inline projections, in one database transaction.

    On an existing table the row's UPDATE and the stored answer ride on the append's
    statement (`games_table_save`, one round trip: docs/performance.md, "One statement per
    play"): `_write` writes the deal summaries and leaves the row's arguments on the row
    (`SAVE_LATER`), `_append` sends them with the events. Not on Citus, where the append
    is delegated to the club's worker and is called alone.

    Where the save is one statement, a play is decided without the lock (`_unlocked`: on
    the row this process committed last, no statement before the save; else on the row
    read without a lock), and the save names the version it was decided on
    (docs/performance.md, "No lock before the play's write")."""

    def atomic(self) -> transaction.Atomic:
        return transaction.atomic()

    def _unlocked(
        self, table_id: uuid.UUID, club_id: uuid.UUID, version: int, key: str | None
    ) -> Held | None:
        if not _one_statement():
            return None
        kept = snapshot_cache.kept(table_id, club_id)
        if kept is None or kept.version != version:
            # Not kept here (the table app's last play went to another process, or this
            # one restarted): read without a lock. A stored answer for the key, another
            # version or an older snapshot: the locked path answers, as it always did.
            read = row_read(table_id, club_id, key)
            if read is None or read[1] is not None:
                return None
            row = read[0]
            if row.version != version or row.snapshot_version != SNAPSHOT_VERSION:
                return None
            return Held(row.table, version, handle=row, locked=False)
        row = TableState.from_db(
            "default",
            None,
            [
                table_id, club_id, version, SNAPSHOT_VERSION, kept.state, kept.deal_start,
                orjson.loads(kept.deal_events), None,
            ],
        )  # fmt: skip
        row.table = kept.table
        return Held(kept.table, version, handle=row, locked=False)

    def _hold(
        self, table_id: uuid.UUID, club_id: uuid.UUID, key: str | None
    ) -> tuple[Held, StoredAnswer | None] | None:
        locked = row_locked(table_id, club_id, key)
        if locked is None:
            return None
        row, earlier = locked
        return Held(row.table, row.version, handle=row), earlier

    def _answer_now(self, table_id: uuid.UUID, key: str) -> StoredAnswer | None:
        earlier = TableRequest.objects.filter(table_id=table_id, key=key).first()
        if earlier is None:
            return None
        return StoredAnswer(earlier.request_hash, earlier.status_code, earlier.response)

    def _created(self, table: Table) -> RecordedEvent | None:
        found = read_stream(stream=table.stream, club=table.club_id, limit=1)
        return found[0] if found else None

    def _claim(self, table: Table) -> None:
        # The two-key form, its own class: apart from the event store's club locks.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [CREATE_LOCK_CLASS, str(table.id)]
            )

    def _unit(self, held: Held, events: Sequence[NewEvent]) -> AbstractContextManager[object]:
        if held.locked:
            return nullcontext()
        row = held.handle
        if (
            connection.in_atomic_block  # a savepoint: a conflict leaves the caller's usable
            or hasattr(row, DEALS_LATER)
            or inline_writes((event.type, event.data) for event in events)
        ):
            return transaction.atomic()
        # The save is the whole write: one statement, its own transaction (no BEGIN, no
        # COMMIT, no Python between them while the row and the club are locked).
        return nullcontext()

    def _load(self, held: Held) -> TableFold:
        return fold_load(held.handle)

    def _write(
        self, held: Held, fold: TableFold, *, settled_before: int, answer: NewAnswer | None
    ) -> bool:
        row = held.handle
        if held.new:
            # The `Table` row is the inline projection of `TableCreated` (it needs the
            # recorded time); the foreign key is checked at commit.
            row = held.handle = TableState(table_id=held.table.id, club_id=held.table.club_id)
            fold.deal_start_changed = True
        later = not held.new and _one_statement()
        return fold_save(
            row,
            fold,
            settled_before=settled_before,
            request=answer,
            activity_at=timezone.now(),
            with_append=later,
            row_version=None if held.locked else held.version,
        )

    def _append(
        self, held: Held, events: Sequence[NewEvent], metadata: dict[str, Any]
    ) -> AppendResult:
        row = held.handle
        first = getattr(row, SAVE_LATER, None)
        if first is not None:
            delattr(row, SAVE_LATER)
        try:
            result = append(
                stream=held.table.stream,
                club=held.table.club_id,
                expected_version=held.version,
                events=events,
                metadata=metadata,
                savepoint=False,  # any error abandons this whole transaction anyway
                first=first,
            )
        except DatabaseError as error:
            sqlstate = getattr(error.__cause__, "sqlstate", None)
            if first is not None and sqlstate == KEY_STORED:
                # Stored by a request that committed while this one waited for the lock
                # (or, unlocked, before this one was decided), yet this one expected the
                # version it made: another body, the key reused.
                raise IdempotencyKeyReused(first.args[KEY_ARG]) from error
            if first is not None and sqlstate == ROW_MOVED:
                raise RowMoved(str(held.table.id)) from error
            raise
        deals_later = getattr(row, DEALS_LATER, None)
        if deals_later is not None:  # the row is ours now: its UPDATE has locked it
            delattr(row, DEALS_LATER)
            deals_later()
        events = getattr(row, EVENTS_TEXT, None) or events_text(row.deal_events)
        kept = snapshot_cache.Kept(held.table, row.version, row.state, row.deal_start, events)
        # Kept once committed only: a version rolled back may later be another state.
        transaction.on_commit(partial(snapshot_cache.keep, kept))
        return result

    project = staticmethod(project_inline)


#: The row attribute where `_write` leaves the row's UPDATE for `_append` to send.
SAVE_LATER = "_save_with_append"
#: The row attribute where an unlocked write leaves its deal summaries' writes, for
#: `_append` to run once the save has found the row at its version (and locked it).
DEALS_LATER = "_deals_after_save"
#: The row attribute where `fold_save` leaves its `deal_events` as JSON text.
EVENTS_TEXT = "_deal_events_text"
#: `games_table_save`'s refusals: the request's key is stored for the table already; the
#: row is not at the version the play was decided on (unlocked).
KEY_STORED = "BR003"
ROW_MOVED = "BR004"
SAVE_FUNCTION = "games_table_save"
SAVE_CASTS = (
    "uuid", "integer", "text", "text", "text", "text", "text", "text", "text", "boolean",
    "timestamptz", "integer",
)  # fmt: skip
KEY_ARG = 6  # the request's key among `games_table_save`'s own arguments (`_save_args`)


def _one_statement() -> bool:
    """Whether the row's UPDATE may ride on the append (not where the log is distributed:
    Citus delegates `eventstore_append` to the club's worker only when called alone).
    Noted on the server connection: a play asks the log's package for its append only."""
    raw = connection.connection
    known = getattr(connection, "_table_save_on", None)
    if known is None or known[0] is not raw:
        known = (raw, not log_distributed(connection))
        connection._table_save_on = known  # type: ignore[attr-defined]
    return bool(known[1])


def row_current(row: TableState) -> TableState:
    """`row`, rebuilt from the log first when its snapshot is not of the current version
    (the caller's row object is updated in place)."""
    if row.snapshot_version == SNAPSHOT_VERSION:
        return row
    with transaction.atomic():
        locked = (
            TableState.objects.select_for_update()
            .select_related("table")
            .get(pk=row.pk, club_id=row.club_id, table__club_id=row.club_id)
        )
        if locked.snapshot_version != SNAPSHOT_VERSION:
            table = locked.table
            fold = fold_stream(read_stream(stream=table.stream, club=table.club_id))
            TableDeal.objects.filter(table_id=locked.table_id, club_id=locked.club_id).delete()
            fold.deal_start_changed = True
            fold_save(locked, fold, settled_before=0, deals_cleared=True)
    for name in ("version", "snapshot_version", "state", "deal_start", "deal_events"):
        setattr(row, name, getattr(locked, name))
    return row


def row_state(row: TableState) -> Sitting:
    """The engine state of the row (settled deals as placeholders)."""
    return decoded(row_current(row).state)


def fold_load(row: TableState) -> TableFold:
    """The fold to append with (settled deals as placeholders)."""
    row_current(row)
    return TableFold(
        state=decoded(row.state),
        deal_start=decoded(row.deal_start),
        version=row.version,
        deal_events=list(row.deal_events),
    )


def fold_save(
    row: TableState,
    fold: TableFold,
    *,
    settled_before: int,
    deals_cleared: bool = False,
    request: NewAnswer | None = None,
    activity_at: datetime | None = None,
    with_append: bool = False,
    row_version: int | None = None,
) -> bool:
    """Write the fold back: new or undone deal summaries, then the row. A rebuild that
    has just deleted the table's summaries passes `deals_cleared` to insert them at once.
    With `request`, its answer is stored by the row's own statement (one round trip for
    both); False when its key is stored already (by a request that committed while this
    one waited for the row's lock), True otherwise. With `activity_at` (an append, not a
    rebuild), the same statement stamps the `Table` row for the Tables page: whether the
    table is closed now, and `activity_at` as its last activity. `with_append` (an existing
    row): the row, the answer and the stamp are not written here but left on the row
    (`SAVE_LATER`) as the arguments of `games_table_save`, for the append to send (True
    then). `row_version` (with `with_append`, a row not locked): the save names it, and the
    deal summaries are left on the row (`DEALS_LATER`) to be written after the save."""
    state, settled = strip_deals(fold.state)
    count = len(state.deals)
    if deals_cleared:
        deals_copy(row.table_id, row.club_id, settled)
    elif count < settled_before or settled:
        write = partial(deals_write, row.table_id, row.club_id, count, settled_before, settled)
        if row_version is None:
            write()
        else:
            setattr(row, DEALS_LATER, write)
    row.version = fold.version
    row.snapshot_version = SNAPSHOT_VERSION
    row.state = dump_state(state)
    remember(row.state, state)  # the next play of this table decodes nothing
    row.deal_events = fold.deal_events
    setattr(row, EVENTS_TEXT, events_text(row.deal_events))  # sent, then kept
    if fold.deal_start_changed:
        deal_start = strip_deals(fold.deal_start)[0]
        row.deal_start = dump_state(deal_start)
        remember(row.deal_start, deal_start)
    if row._state.adding:
        row.save(force_insert=True)  # an UPDATE first would set club_id, which Citus refuses
        return request is None or request_stored(row.table_id, row.club_id, request)
    if with_append:
        args = _save_args(row, fold, request, state.closed, activity_at, row_version)
        setattr(row, SAVE_LATER, args)
        return True
    # One UPDATE written out: on every card play, and the ORM's building of it cost more
    # Python than the statement costs PostgreSQL.
    row.updated_at = timezone.now()
    sql, params = UPDATE_SQL, [row.version, row.snapshot_version, row.state]
    params += [getattr(row, EVENTS_TEXT), row.updated_at]
    if fold.deal_start_changed:
        sql, params = UPDATE_WITH_START_SQL, [*params, row.deal_start]
    params += [row.table_id, row.club_id]
    # Data-modifying WITHs, each run exactly once, in the row's one statement: the `Table`
    # row's listing columns (filtered by club too, so a cluster routes it to one shard).
    ctes, cte_params = [], []
    if activity_at is not None:
        ctes.append(f"listed AS ({TABLE_LISTING_SQL})")
        cte_params += [state.closed, activity_at, row.table_id, row.club_id]
    with connection.cursor() as cursor:
        if request is None:
            if ctes:
                sql = f"WITH {', '.join(ctes)} {sql}"
            cursor.execute(sql, [*cte_params, *params])
            return True
        # The answer rides on the row's UPDATE.
        ctes.append(f"saved AS ({sql} RETURNING table_id, club_id)")
        cursor.execute(
            f"WITH {', '.join(ctes)} {REQUEST_FROM_SAVED_SQL}",
            [*cte_params, *params, request.key, request.request_hash, request.response],
        )
        return cursor.fetchone() is not None


def _save_args(
    row: TableState,
    fold: TableFold,
    request: NewAnswer | None,
    closed: bool,
    activity_at: datetime | None,
    row_version: int | None,
) -> WriteFirst:
    """`games_table_save`'s own arguments (text, as the append's are)."""
    row.updated_at = timezone.now()  # the row's own is the transaction's `now()`
    key = request_hash = response = None
    if request is not None:
        key, request_hash, response = request.key, request.request_hash, request.response
    args = (
        str(row.table_id),
        row.version,
        row.snapshot_version,
        row.state,
        getattr(row, EVENTS_TEXT),
        row.deal_start if fold.deal_start_changed else None,
        key,
        request_hash,
        response,
        "true" if closed else "false",
        None if activity_at is None else activity_at.isoformat(),  # text, as the rest
        row_version,  # None: the row is locked
    )
    return WriteFirst(SAVE_FUNCTION, SAVE_CASTS, args)


def full_sitting(row: TableState) -> Sitting:
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
