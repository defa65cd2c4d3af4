"""Ledger exports (placeholder until the ledger app's selectors land)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import IO, Any

from games.models import Table


def ledger_write(
    *,
    tables: Sequence[Table],
    format: str,
    start: datetime | None,
    end: datetime | None,
    out: IO[str],
    header: dict[str, Any],
) -> None:
    raise NotImplementedError("ledger exports need the ledger app's selectors")
