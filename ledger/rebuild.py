"""`rebuild` for the ledger: rebuild one table or all from the log, or verify.

Table by table, the fold runs in memory; ``verify`` compares it with the live rows and
touches nothing, otherwise the table's rows are deleted and reinserted in one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

from django.db import transaction

from games.eventstore import read_stream, stream_names
from games.subscriptions import RebuildReport
from games.table import STREAM_PREFIX, stream_name, table_id_of
from ledger.differences import legs_differences, table_differences
from ledger.folding import LedgerError, LedgerFold, fold_table
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import legs_insert, row_leg, table_row


def ledger_rebuild(*, stream: str | None = None, verify: bool = False) -> RebuildReport:
    """Rebuild the ledger of ``stream`` (a `table-<uuid>`) or of every table.

    One table at a time: its stream is read and folded, then its rows are replaced in one
    transaction (or, with ``verify``, compared), and its fold is dropped before the next,
    so memory stays flat however long the log grows. A table whose log cannot be booked
    keeps its rows; the others are rebuilt, then `LedgerError` names every such table."""
    tables: list[uuid.UUID] = []
    differences: list[str] = []
    broken: list[str] = []
    events = 0
    for table_id in _table_ids(stream):
        tables.append(table_id)
        batch = read_stream(stream=stream_name(table_id))
        events += len(batch)
        try:
            fold = fold_table(table_id, batch)
        except LedgerError as error:
            broken.append(f"table {table_id}: the log cannot be booked: {error}")
            continue
        if verify:
            differences += _verify_table(fold)
        else:
            _replace(fold)
    if verify:
        if stream is None:
            orphans = LedgerTable.objects.exclude(table_id__in=tables)
            differences += [f"table {t.table_id}: extra: not in the log" for t in orphans]
        return RebuildReport("ledger", len(tables), events, tuple(broken + differences))
    if broken:
        raise LedgerError("; ".join(broken))
    if stream is None:
        with transaction.atomic():
            PostingLeg.objects.exclude(table_id__in=tables).delete()
            LedgerTable.objects.exclude(table_id__in=tables).delete()
    return RebuildReport("ledger", len(tables), events)


def _table_ids(stream: str | None) -> Iterator[uuid.UUID]:
    """The tables to rebuild: the one named, or every table stream of the log."""
    if stream is not None:
        table_id = table_id_of(stream) or table_id_of(STREAM_PREFIX + stream)
        if table_id is None:
            raise ValueError(f"{stream!r} is neither a table stream (table-<uuid>) nor a table id")
        yield table_id
        return
    for name in stream_names(prefix=STREAM_PREFIX):
        table_id = table_id_of(name)
        if table_id is not None:
            yield table_id


def _verify_table(fold: LedgerFold) -> list[str]:
    stored = list(PostingLeg.objects.filter(table_id=fold.table_id))
    table = LedgerTable.objects.filter(table_id=fold.table_id).first()
    found = table_differences(stored=table, fold=fold) + legs_differences(
        stored=[row_leg(row) for row in stored], rebuilt=fold.legs
    )
    return [f"table {fold.table_id}: {_describe(d)}" for d in found]


def _describe(difference: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in difference.items())


def _replace(fold: LedgerFold) -> None:
    stream = stream_name(fold.table_id)
    with transaction.atomic():
        # Appends of this table wait on this lock; fold what they committed before it.
        table = LedgerTable.objects.select_for_update().filter(table_id=fold.table_id).first()
        fold_table(fold.table_id, read_stream(stream=stream, after_version=fold.version), into=fold)
        PostingLeg.objects.filter(table_id=fold.table_id).delete()
        if table is None:
            table = LedgerTable(table_id=fold.table_id)
        if fold.info is not None:
            table_row(table, fold.info)
        table.pot = fold.pot
        table.last_position = fold.last_position
        table.save()
        legs_insert(fold.legs)
