"""Ledger exports: every posting leg of the tables (voided ones marked), as CSV or JSON,
from the ledger app's selectors. A date range keeps the legs recorded in it; the JSON's
balances are as of the range's end (the table's last event recorded before it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import IO, Any

from common.csv_cells import CsvDictWriter
from exports.selectors import last_position_before
from games.models import Table
from ledger.folding import Leg
from ledger.selectors import ledger_balances, ledger_postings

FORMAT = "bourre-ledger-export/1"
COLUMNS = (
    "table_id", "table_name", "position", "version", "recorded_at", "deal", "ruling",
    "transaction", "leg", "kind", "account", "amount", "pot_after", "cause_position",
    "voided_by",
)  # fmt: skip


def _legs(table: Table, start: datetime | None, end: datetime | None, at: int | None) -> list[Leg]:
    """The legs recorded in the range, as they stood at its end (``at``): a leg voided by an
    undo after the range shows as it was then, not voided, as its balances count it."""
    legs = ledger_postings(table_id=table.id, at=at, include_voided=True)
    return [
        leg
        for leg in legs
        if (start is None or leg.recorded_at >= start) and (end is None or leg.recorded_at < end)
    ]


def _at(table: Table, end: datetime | None) -> int | None:
    """The position the export is as of: the range's end, not the last leg exported (an
    undo after that leg, in the range, or a table with no leg in the range but some after
    it gave balances the exported legs did not add up to)."""
    return last_position_before(table, end) if end is not None else None


def _row(table: Table, leg: Leg) -> dict[str, Any]:
    row = {name: getattr(leg, name, None) for name in COLUMNS}
    row["table_id"] = str(table.id)
    row["table_name"] = table.name
    row["recorded_at"] = leg.recorded_at.isoformat()
    return row


def ledger_write(
    *,
    tables: Sequence[Table],
    format: str,
    start: datetime | None,
    end: datetime | None,
    out: IO[str],
    header: dict[str, Any],
) -> None:
    """One table at a time, so a club's whole ledger never sits in memory."""
    if format == "csv":
        writer = CsvDictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for table in tables:
            for leg in _legs(table, start, end, _at(table, end)):
                writer.writerow(_row(table, leg))
        return
    out.write(json.dumps({"format": FORMAT, **header}, ensure_ascii=False)[:-1])
    out.write(', "tables": [')
    for i, table in enumerate(tables):
        at = _at(table, end)
        legs = _legs(table, start, end, at)
        balances = ledger_balances(table_id=table.id, at=at)
        item = {
            "table": {"id": str(table.id), "name": table.name},
            "postings": [
                {k: v for k, v in _row(table, leg).items() if k not in ("table_id", "table_name")}
                for leg in legs
            ],
            "balances": balances.balances,
            "pot": balances.pot,
        }
        out.write((",\n" if i else "\n") + json.dumps(item, ensure_ascii=False))
    out.write("\n]}\n")
