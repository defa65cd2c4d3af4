"""Ledger exports: every posting leg of the tables (voided ones marked), as CSV or JSON,
from the ledger app's selectors. A date range keeps the legs recorded in it; balances are
as of the last leg exported."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import IO, Any

from api_common.csv_cells import CsvDictWriter
from games.models import Table
from ledger.folding import Leg
from ledger.selectors import ledger_balances, ledger_postings

FORMAT = "bourre-ledger-export/1"
COLUMNS = (
    "table_id", "table_name", "position", "version", "recorded_at", "deal", "ruling",
    "transaction", "leg", "kind", "account", "amount", "pot_after", "cause_position",
    "voided_by",
)  # fmt: skip


def _legs(table: Table, start: datetime | None, end: datetime | None) -> list[Leg]:
    legs = ledger_postings(table_id=table.id, include_voided=True)
    return [
        leg
        for leg in legs
        if (start is None or leg.recorded_at >= start) and (end is None or leg.recorded_at < end)
    ]


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
            for leg in _legs(table, start, end):
                writer.writerow(_row(table, leg))
        return
    out.write(json.dumps({"format": FORMAT, **header}, ensure_ascii=False)[:-1])
    out.write(', "tables": [')
    for i, table in enumerate(tables):
        legs = _legs(table, start, end)
        at = legs[-1].position if legs and (start or end) else None
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
