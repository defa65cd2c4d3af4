"""`ledger_audit`: is the table's history intact, and does the ledger follow from it?"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from games.eventstore import RecordedEvent, read_stream, recorded_event_hash, verify_chain
from games.table import stream_name
from ledger.differences import legs_differences, table_differences
from ledger.folding import LedgerError, fold_table
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import row_leg


def ledger_audit(*, table_id: uuid.UUID) -> dict[str, Any]:
    """``{"ok", "chain": {...}, "ledger": {"ok", "differences": [...]}}``.

    ``chain``: every event of the table hashes to its stored hash (recomputed from its
    content and ``prev_hash``), versions run 1..n, and the club's chain links across the
    whole span of the table's positions; ``first_broken`` names the first bad position.
    ``ledger``: the stored legs against legs rebuilt from the events, every difference.
    """
    events = read_stream(stream=stream_name(table_id))
    chain = _chain(events)
    ledger = _ledger(table_id, events)
    return {"ok": chain["ok"] and ledger["ok"], "chain": chain, "ledger": ledger}


def _chain(events: Sequence[RecordedEvent]) -> dict[str, Any]:
    broken: list[tuple[int, str]] = []
    for expected_version, event in enumerate(events, start=1):
        if event.version != expected_version:
            broken.append((event.position, f"version {expected_version} missing"))
            break
        if _recomputed(event) != event.hash:
            # Re-check the stored row itself: an upcast payload differs from what was hashed.
            report = verify_chain(
                club=event.club, from_position=event.position, to_position=event.position
            )
            if not report.ok:
                broken.append((event.position, report.reason or "hash does not match"))
                break
    span = (
        {"from_position": events[0].position, "to_position": events[-1].position}
        if events
        else None
    )
    checked = 0
    if span is not None:
        report = verify_chain(
            club=events[0].club,
            from_position=span["from_position"],
            to_position=span["to_position"],
        )
        checked = report.checked
        if not report.ok and report.first_broken is not None:
            broken.append((report.first_broken, report.reason or "chain broken"))
    first = min(broken) if broken else None
    return {
        "ok": not broken,
        "events": len(events),
        "span": span,
        "checked": checked,
        "first_broken": first[0] if first else None,
        "reason": first[1] if first else None,
    }


def _recomputed(event: RecordedEvent) -> str:
    return recorded_event_hash(event)


def ledger_differences(*, table_id: uuid.UUID | str) -> list[dict[str, Any]]:
    """Only the ledger half of the audit: every difference between the table's stored
    ledger and the one its events give (empty when they agree)."""
    table_id = uuid.UUID(str(table_id))
    events = read_stream(stream=stream_name(table_id))
    return list(_ledger(table_id, events)["differences"])


def _ledger(table_id: uuid.UUID, events: Sequence[RecordedEvent]) -> dict[str, Any]:
    stored = [row_leg(row) for row in PostingLeg.objects.filter(table_id=table_id)]
    table = LedgerTable.objects.filter(table_id=table_id).first()
    try:
        fold = fold_table(table_id, events)
    except LedgerError as error:
        differences = [{"problem": "unbookable", "message": str(error)}]
        return {"ok": False, "postings": len(stored), "differences": differences}
    differences = table_differences(stored=table, fold=fold) + legs_differences(
        stored=stored, rebuilt=fold.legs
    )
    return {"ok": not differences, "postings": len(stored), "differences": differences}
