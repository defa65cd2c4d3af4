"""The table's unit of work on PostgreSQL (`PostgresTables`).

A save is one statement on one node: `games_table_save` (`games/migrations/sql/
table_save_v2.sql`) writes the snapshot row where it is still at the version the play was
decided on, the Tables page's two columns and the stored answer, then calls
`eventstore_append`; in its own transaction when nothing else is to be written (most card
plays: no deal settles, no inline projection books the events). Otherwise, and where the
log is distributed on Citus (which delegates `eventstore_append` to the club's worker only
when it is called alone), the same writes are separate statements in one transaction,
with the deal summaries and the registered inline projections (the ledger). Lock order is
always the snapshot row's, then the club's (the append, last): the less that follows the
append, the less the club's other tables wait for its lock.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime

from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from eventlog import AppendResult, WriteFirst, append, log_distributed, read_stream
from eventlog.subscriptions import inline_writes, project_inline
from games.models import Table
from games.sitting.errors import IdempotencyKeyReused, RowMoved
from games.sitting.repository import Loaded, Save, Tables
from games.sitting.rows import (
    _REQUEST,
    _STATE,
    _TABLE,
    SNAPSHOT_INSERT_SQL,
    deals_write,
    row_read,
)

#: The advisory lock class of a keyed table creation ('BRTC'): two retries of one create
#: wait for each other, so the second finds the first's table.
CREATE_LOCK_CLASS = 0x42525443
#: `games_table_save`'s refusals: the request's key is stored for the table already; the
#: row is not at the version the play was decided on.
KEY_STORED = "BR003"
ROW_MOVED = "BR004"
SAVE_FUNCTION = "games_table_save"
SAVE_CASTS = (
    "uuid", "integer", "text", "text", "text", "text", "text", "text", "text", "boolean",
    "timestamptz", "integer",
)  # fmt: skip

# The same writes as `games_table_save`, as one statement of its own (Citus): the Tables
# page's columns, the row's UPDATE where it is at the version decided on, and the answer;
# it says whether the row was saved and the answer stored (a key stored already: not).
_SAVED = (
    f"UPDATE {_STATE} s SET version = %s, snapshot_version = %s, state = %s,"
    " deal_events = %s::jsonb, updated_at = now(), deal_start = coalesce(%s, s.deal_start)"
    " WHERE s.table_id = %s AND s.club_id = %s AND s.version = %s AND s.snapshot_version = %s"
    f" AND EXISTS (SELECT 1 FROM {_TABLE} t WHERE t.id = s.table_id AND t.club_id = s.club_id"
    " AND t.import_status <> 'abandoned') RETURNING s.table_id, s.club_id"
)
_LISTED = f"UPDATE {_TABLE} SET closed = %s, last_activity_at = %s WHERE id = %s AND club_id = %s"
_STORED = (
    f"INSERT INTO {_REQUEST} (table_id, club_id, key, request_hash, status_code, response,"
    " created_at) SELECT table_id, club_id, %s, %s, 201, %s, now() FROM saved"
    " ON CONFLICT (table_id, club_id, key) DO NOTHING RETURNING 1"
)
SAVE_SQL = (
    f"WITH listed AS ({_LISTED}), saved AS ({_SAVED}) SELECT EXISTS (SELECT 1 FROM saved), true"
)
SAVE_ANSWER_SQL = (
    f"WITH listed AS ({_LISTED}), saved AS ({_SAVED}), stored AS ({_STORED})"
    " SELECT EXISTS (SELECT 1 FROM saved), EXISTS (SELECT 1 FROM stored)"
)


class PostgresTables(Tables):
    """The unit of work on PostgreSQL (one per process: it keeps what it saved last)."""

    def _read(self, table_id: uuid.UUID, club_id: uuid.UUID, key: str | None) -> Loaded | None:
        found = row_read(table_id, club_id, key)
        if found is None:
            return None
        row, answer = found
        return Loaded(row.table, row.fold(), row.version, row.deal_start, answer=answer)

    def _after_commit(self, then: Callable[[], None]) -> None:
        transaction.on_commit(then)

    project = staticmethod(project_inline)

    def _transaction(self, save: Save) -> AbstractContextManager[object]:
        if save.new or not _one_statement():
            return transaction.atomic()
        if (
            save.settled
            or save.deals_from is not None
            or connection.in_atomic_block  # a savepoint: a refusal leaves the caller's usable
            or inline_writes((event.type, event.data) for event in save.events)
        ):
            return transaction.atomic()
        # The whole write is one statement, its own transaction (no BEGIN, no COMMIT, no
        # Python between them while the row and the club are locked); no inline projection
        # books these events (the registry only asks for the followers' wake-up).
        return nullcontext()

    def _write(self, save: Save) -> AppendResult:
        if save.new:
            return self._create(save)
        if _one_statement():
            result = self._append(save, first=_save_call(save))
        else:
            _snapshot_update(save)
            result = self._append(save)
        if save.settled or save.deals_from is not None:
            deals_write(save.table.id, save.table.club_id, save.settled, save.deals_from)
        return result

    def _create(self, save: Save) -> AppendResult:
        """A new table: its snapshot row, `TableCreated` appended, then its `Table` row
        (created at the event's recorded time: the list of tables is in the log's order;
        the snapshot row's foreign key is checked at commit)."""
        table = save.table
        if save.created_by_key is not None:
            earlier = _created(table)
            if earlier is not None:
                if dict(earlier.events[0].data) != dict(save.events[0].data):
                    raise IdempotencyKeyReused(save.created_by_key)
                return earlier
        snapshot = save.snapshot
        with connection.cursor() as cursor:
            cursor.execute(
                SNAPSHOT_INSERT_SQL,
                [
                    table.id, table.club_id, snapshot.version, snapshot.snapshot_version,
                    snapshot.state, snapshot.deal_start, snapshot.deal_events,
                ],
            )  # fmt: skip
        result = self._append(save)
        table.created_at = table.last_activity_at = result.events[0].recorded_at
        table.save(force_insert=True)
        return result

    def _append(self, save: Save, first: WriteFirst | None = None) -> AppendResult:
        table = save.table
        try:
            return append(
                stream=table.stream,
                club=table.club_id,
                expected_version=save.version,
                events=save.events,
                metadata=dict(save.metadata),
                savepoint=False,  # any error abandons this whole transaction anyway
                first=first,
            )
        except DatabaseError as error:
            sqlstate = getattr(error.__cause__, "sqlstate", None)
            if first is not None and sqlstate == KEY_STORED and save.answer is not None:
                raise IdempotencyKeyReused(save.answer.key) from error
            if first is not None and sqlstate == ROW_MOVED:
                raise RowMoved(str(table.id)) from error
            raise


def _save_call(save: Save) -> WriteFirst:
    """`games_table_save`'s own arguments (text, as the append's are)."""
    snapshot, answer = save.snapshot, save.answer
    return WriteFirst(
        SAVE_FUNCTION,
        SAVE_CASTS,
        (
            str(save.table.id),
            snapshot.version,
            snapshot.snapshot_version,
            snapshot.state,
            snapshot.deal_events,
            snapshot.deal_start if snapshot.deal_start_changed else None,
            None if answer is None else answer.key,
            None if answer is None else answer.request_hash,
            None if answer is None else answer.response,
            "true" if snapshot.closed else "false",
            _now().isoformat(),  # text, as the rest
            save.version,
        ),
    )


def _snapshot_update(save: Save) -> None:
    """`games_table_save`'s writes without the append (Citus), in the caller's transaction."""
    table, snapshot, answer = save.table, save.snapshot, save.answer
    params = [snapshot.closed, _now(), table.id, table.club_id]
    params += [
        snapshot.version, snapshot.snapshot_version, snapshot.state, snapshot.deal_events,
        snapshot.deal_start if snapshot.deal_start_changed else None,
        table.id, table.club_id, save.version, snapshot.snapshot_version,
    ]  # fmt: skip
    sql = SAVE_SQL
    if answer is not None:
        sql, params = SAVE_ANSWER_SQL, [*params, answer.key, answer.request_hash, answer.response]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        saved, stored = cursor.fetchone()
    if not saved:
        raise RowMoved(str(table.id))
    if not stored:
        raise IdempotencyKeyReused(answer.key if answer else "")


def _created(table: Table) -> AppendResult | None:
    """The append that created a table of this id in its club, if one did; waits first,
    until commit, for any other transaction creating it (the two-key advisory lock, a class
    of its own, apart from the log's club locks)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [CREATE_LOCK_CLASS, str(table.id)]
        )
    found = read_stream(stream=table.stream, club=table.club_id, limit=1)
    if not found:
        return None
    event = found[0]
    return AppendResult(
        stream=event.stream,
        first_version=event.version,
        last_version=event.version,
        first_position=event.position,
        last_position=event.position,
        events=(event,),
        replayed=True,
    )


def _now() -> datetime:
    return timezone.now()


def _one_statement() -> bool:
    """Whether the row's writes may ride on the append (not where the log is distributed).
    Noted on the server connection: a play asks the log's package once per connection."""
    raw = connection.connection
    known = getattr(connection, "_table_save_on", None)
    if known is None or known[0] is not raw:
        known = (raw, not log_distributed(connection))
        connection._table_save_on = known  # type: ignore[attr-defined]
    return bool(known[1])
