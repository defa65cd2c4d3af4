"""Hand histories: one `bourre-transcript/1` document per table, from the games selector
(the game events not undone, exactly what `GET /tables/{id}/transcript` answers)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import IO, Any

from games.models import Table
from games.selectors import table_transcript

FORMAT = "bourre-transcript-export/1"


def transcripts_write(*, tables: Sequence[Table], out: IO[str], header: dict[str, Any]) -> None:
    """``{"format", ...header, "transcripts": [{"table": {...}, "transcript": {...}}]}``,
    written one table at a time so a club's whole history never sits in memory."""
    out.write(json.dumps({"format": FORMAT, **header}, ensure_ascii=False)[:-1])
    out.write(', "transcripts": [')
    for i, table in enumerate(tables):
        item = {
            "table": {
                "id": str(table.id),
                "name": table.name,
                "created_at": table.created_at.isoformat(),
            },
            "transcript": table_transcript(table=table),
        }
        out.write((",\n" if i else "\n") + json.dumps(item, ensure_ascii=False, default=str))
    out.write("\n]}\n")
