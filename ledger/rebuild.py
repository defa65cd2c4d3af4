"""`rebuild` for the ledger: rebuild one table or all from the log, or verify.

Table by table, the fold runs in memory; ``verify`` compares it with the live rows and
touches nothing, otherwise the table's rows are deleted and reinserted (with COPY) in one
transaction. `LedgerPass` is fed each table's stream by the one read that every rebuild
asked for at once shares (`manage.py rebuild`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence

from django.db import connection, transaction

from eventlog import RecordedEvent, read_stream
from eventlog.subscriptions import RebuildReport, rebuild_one
from ledger.differences import legs_differences, table_differences
from ledger.folding import LedgerError, LedgerFold, fold_table
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import legs_copy, row_leg, table_row
from table_stream import stream_name, table_id_of

ZERO_CLUB = "00000000-0000-0000-0000-000000000000"


class LedgerPass:
    """The ledger's rebuild on a shared read (`eventlog.subscriptions.rebuild_together`):
    handed one table's stream at a time, it folds it and replaces the table's rows in one
    transaction (or, with ``verify``, compares them), and drops the fold before the next,
    so memory stays flat however long the log grows. A table whose log cannot be booked
    keeps its rows; the others are rebuilt, then `finish` raises `LedgerError` naming every
    such table. A rebuild of the whole log then deletes the rows of tables the log never
    held (with ``verify``, names them)."""

    def __init__(self, *, stream: str | None = None, verify: bool = False) -> None:
        self.whole = stream is None
        self.verify = verify
        self.tables: list[uuid.UUID] = []
        self.differences: list[str] = []
        self.broken: list[str] = []
        self.events = 0

    def table(self, stream: str, events: Sequence[RecordedEvent]) -> None:
        table_id = table_id_of(stream)
        if table_id is None:
            return
        self.tables.append(table_id)
        self.events += len(events)
        try:
            fold = fold_table(table_id, events)
        except LedgerError as error:
            self.broken.append(f"table {table_id}: the log cannot be booked: {error}")
            return
        if self.verify:
            self.differences += _verify_table(fold)
        else:
            _replace(fold)

    def finish(self) -> RebuildReport:
        tables = self.tables
        if self.verify:
            if self.whole:
                orphans = LedgerTable.objects.exclude(table_id__in=tables)
                self.differences += [f"table {t.table_id}: extra: not in the log" for t in orphans]
            found = tuple(self.broken + self.differences)
            return RebuildReport("ledger", len(tables), self.events, found)
        if self.broken:
            raise LedgerError("tables_unbookable", sentence="; ".join(self.broken))
        if self.whole:
            with transaction.atomic():
                PostingLeg.objects.exclude(table_id__in=tables).delete()
                LedgerTable.objects.exclude(table_id__in=tables).delete()
        return RebuildReport("ledger", len(tables), self.events)


def ledger_rebuild(*, stream: str | None = None, verify: bool = False) -> RebuildReport:
    """Rebuild the ledger of ``stream`` (a `table-<uuid>` or a table id) or of every table,
    on a read of its own (`LedgerPass`)."""
    return rebuild_one(LedgerPass, stream=stream, verify=verify)


def _verify_table(fold: LedgerFold) -> list[str]:
    stored = list(PostingLeg.objects.filter(table_id=fold.table_id))
    table = LedgerTable.objects.filter(table_id=fold.table_id).first()
    found = table_differences(stored=table, fold=fold) + legs_differences(
        stored=[row_leg(row) for row in stored], rebuilt=fold.legs
    )
    return [f"table {fold.table_id}: {_describe(d)}" for d in found]


def _describe(difference: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in difference.items())


_LEGS = PostingLeg._meta.db_table
_TABLE = LedgerTable._meta.db_table
_WHERE = "WHERE table_id = %s AND club_id = %s"
LOCK_SQL = f"SELECT 1 FROM {_TABLE} {_WHERE} FOR UPDATE"
# After the lock (a statement of its own, so this one's snapshot sees what the appends it
# waited for committed): the legs deleted and the table's row written, in one round trip.
_REPLACE = (
    f"WITH cleared AS (DELETE FROM {_LEGS} {_WHERE})"
    f" INSERT INTO {_TABLE} (table_id, club_id, name, variant, players, pot, last_position)"
    " VALUES (%s, %s, %s, %s, %s::jsonb, %s, %s) ON CONFLICT (table_id, club_id) DO UPDATE SET"
    " pot = EXCLUDED.pot, last_position = EXCLUDED.last_position"
)
REPLACE_SQL = _REPLACE + (
    ", name = EXCLUDED.name, variant = EXCLUDED.variant, players = EXCLUDED.players"
)
REPLACE_KEEPING_INFO_SQL = _REPLACE  # a stream without `TableCreated`: the row's info stays


def _replace(fold: LedgerFold) -> None:
    stream = stream_name(fold.table_id)
    club_id = fold.club or ZERO_CLUB  # an empty stream: no partition holds it
    with transaction.atomic(), connection.cursor() as cursor:
        # Appends of this table wait on this lock; fold what they committed before it.
        cursor.execute(LOCK_SQL, [fold.table_id, club_id])
        later = read_stream(stream=stream, club=club_id, after_version=fold.version)
        fold_table(fold.table_id, later, into=fold)
        info = fold.info
        row = table_row(LedgerTable(table_id=fold.table_id), info) if info else None
        cursor.execute(
            REPLACE_KEEPING_INFO_SQL if row is None else REPLACE_SQL,
            [
                fold.table_id,
                club_id,
                fold.table_id,
                club_id,
                "" if row is None else row.name,
                "" if row is None else row.variant,
                json.dumps([] if row is None else row.players),
                fold.pot,
                fold.last_position,
            ],
        )
        legs_copy(fold.legs, club_id=club_id)
