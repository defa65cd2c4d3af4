"""The ledger half of the audit: the ledger app's own rebuild-and-compare, per table."""

from __future__ import annotations

import json
from typing import Any

from ledger.audit import ledger_differences


def table_ledger_differences(*, table_id: str) -> list[dict[str, Any]]:
    """Every difference between the table's stored ledger rows and the ledger rebuilt from
    its events (empty when they agree), as JSON-safe dicts. A table the ledger cannot even
    rebuild is a difference too, not a failed audit."""
    try:
        differences = ledger_differences(table_id=table_id)
    except Exception as error:
        return [{"problem": "audit_failed", "message": f"{type(error).__name__}: {error}"}]
    return list(json.loads(json.dumps(differences, default=str)))
