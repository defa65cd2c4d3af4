"""`rebuild_projections` for the ledger: rebuild one table or all from the log, or verify.

The fold runs in memory; ``verify`` compares it with the live rows and touches nothing,
otherwise each table's rows are deleted and reinserted in one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

from django.db import transaction

from games.eventstore import RecordedEvent, read_all, read_stream
from games.projections.registry import RebuildReport
from ledger.differences import legs_differences, table_differences
from ledger.folding import STREAM_PREFIX, LedgerError, TableFold, fold_table, table_id_of
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import legs_insert, row_leg, table_row

PAGE = 2000


def ledger_rebuild(*, stream: str | None = None, verify: bool = False) -> RebuildReport:
    """Rebuild the ledger of ``stream`` (a `table-<uuid>`) or of every table."""
    folds: dict[uuid.UUID, TableFold] = {}
    broken: dict[uuid.UUID, str] = {}
    events = 0
    for table_id, batch in _table_batches(stream):
        events += len(batch)
        fold = folds.setdefault(table_id, TableFold(table_id=table_id))
        if table_id in broken:
            continue
        try:
            fold_table(table_id, batch, into=fold)
        except LedgerError as error:
            broken[table_id] = f"table {table_id}: the log cannot be booked: {error}"
    if verify:
        differences = list(broken.values())
        for table_id, fold in folds.items():
            if table_id not in broken:
                differences += _verify_table(fold)
        if stream is None:
            orphans = LedgerTable.objects.exclude(table_id__in=list(folds))
            differences += [f"table {t.table_id}: extra: not in the log" for t in orphans]
        return RebuildReport("ledger", len(folds), events, tuple(differences))
    if broken:
        raise LedgerError("; ".join(broken.values()))
    for fold in folds.values():
        _replace(fold)
    if stream is None:
        with transaction.atomic():
            orphans = LedgerTable.objects.exclude(table_id__in=list(folds))
            PostingLeg.objects.exclude(table_id__in=list(folds)).delete()
            orphans.delete()
    return RebuildReport("ledger", len(folds), events)


def _table_batches(stream: str | None) -> Iterator[tuple[uuid.UUID, list[RecordedEvent]]]:
    """The log's table events, in order, in runs of one table each."""
    if stream is not None:
        table_id = table_id_of(stream) or table_id_of(STREAM_PREFIX + stream)
        if table_id is None:
            raise ValueError(f"{stream!r} is neither a table stream (table-<uuid>) nor a table id")
        yield table_id, read_stream(stream=f"{STREAM_PREFIX}{table_id}")
        return
    after = 0
    while page := read_all(after=after, limit=PAGE, stream_prefix=STREAM_PREFIX):
        after = page[-1].position
        run: list[RecordedEvent] = []
        for event in page:
            if run and event.stream != run[-1].stream:
                yield from _run(run)
                run = []
            run.append(event)
        yield from _run(run)


def _run(run: list[RecordedEvent]) -> Iterator[tuple[uuid.UUID, list[RecordedEvent]]]:
    table_id = table_id_of(run[0].stream) if run else None
    if table_id is not None:
        yield table_id, run


def _verify_table(fold: TableFold) -> list[str]:
    stored = list(PostingLeg.objects.filter(table_id=fold.table_id))
    table = LedgerTable.objects.filter(table_id=fold.table_id).first()
    found = table_differences(stored=table, fold=fold) + legs_differences(
        stored=[row_leg(row) for row in stored], rebuilt=fold.legs
    )
    return [f"table {fold.table_id}: {_describe(d)}" for d in found]


def _describe(difference: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in difference.items())


def _replace(fold: TableFold) -> None:
    stream = f"{STREAM_PREFIX}{fold.table_id}"
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
