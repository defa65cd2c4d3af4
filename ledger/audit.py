"""`ledger_audit`: is the table's history intact, and does the ledger follow from it?

A table is audited a page of deals at a time (`ledger_audit_page`, what `GET
/tables/{id}/audit` answers): the work and the answer of one request stay bounded however
long the table (a 1,000-deal table's whole audit took seconds and several at once starved
the server). The pages cover the table end to end, so auditing every page checks exactly
what the whole audit (`ledger_audit`, used by the tests and the jobs) checks:

- the chain: each page re-hashes its events and checks the club's chain from the position
  after the previous page's last event (the table's first event on the first page) to its
  own last one, so the other tables' events in between are covered once;
- the ledger: each page folds its events from the pot the stored ledger holds where the
  page starts, which the previous page has checked (its legs' `pot_after`), and compares
  the legs it gives with the stored legs of its versions; the last page checks the table's
  pot. An undo only takes back an event of its own deal (docs/api.md), so no page voids a
  leg of another.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Sequence
from typing import Any

from eventlog import RecordedEvent, read_stream, recorded_event_hash, verify_chain
from ledger.differences import legs_differences, table_differences
from ledger.findings import VERSION_MISSING, chain_break, chain_words
from ledger.folding import LedgerError, LedgerFold, fold_table
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import row_leg
from ledger.selectors import ledger_balances
from table_stream import DEAL_STARTED, EVENT_UNDONE, stream_name

#: Deals one audit page checks: about 1,000 events and their legs on an 8-player table.
AUDIT_DEALS_PER_PAGE = 20


class NoSuchDeal(ValueError):
    """A page asked to start at a deal the table does not have (`deals`: how many it has)."""

    def __init__(self, deals: int) -> None:
        super().__init__(f"the table has {deals} deals")
        self.deals = deals


def ledger_audit(*, table_id: uuid.UUID) -> dict[str, Any]:
    """``{"ok", "chain": {...}, "ledger": {"ok", "differences": [...]}}`` of the whole table:
    its one page as long as the table."""
    report = ledger_audit_page(table_id=table_id, first_deal=0, deals=sys.maxsize)
    return {name: report[name] for name in ("ok", "chain", "ledger")}


def ledger_audit_page(
    *,
    table_id: uuid.UUID,
    club: object | None = None,
    first_deal: int = 0,
    deals: int = AUDIT_DEALS_PER_PAGE,
) -> dict[str, Any]:
    """The audit of ``deals`` deals from ``first_deal`` (0-based; the first page also holds
    what comes before the first deal, and each page what comes after its last deal until the
    next one starts): ``{"ok", "page": {...}, "chain": {...}, "ledger": {...}}``.

    ``chain``: every event of the page hashes to its stored hash (recomputed from its content
    and ``prev_hash``), versions run on without a gap, and the club's chain links across the
    page's span; ``first_broken`` names the first bad position. ``ledger``: the stored legs
    of the page against legs rebuilt from its events, every difference. Raises `NoSuchDeal`
    for a ``first_deal`` the table does not have (0 is always there).
    """
    stream = stream_name(table_id)
    starts = deal_starts(stream=stream, club=club)
    count = len(starts)
    if first_deal < 0 or (first_deal > 0 and first_deal >= count):
        raise NoSuchDeal(count)
    end = min(first_deal + deals, count)
    low = starts[first_deal] if first_deal > 0 else 1
    high = starts[end] - 1 if end < count else None
    limit = None if high is None else high - low + 1
    events = read_stream(stream=stream, club=club, after_version=low - 1, limit=limit)
    before = _event_before(stream, club, low)
    chain = _chain(events, first_version=low, after=before)
    ledger = _ledger(table_id, events, low=low, high=high)
    page = {
        "first_deal": first_deal if count else None,
        "last_deal": end - 1 if count else None,
        "deals": count,
        "next_deal": end if end < count else None,
        "from_version": low,
        "to_version": events[-1].version if events else None,
        "pot_before": ledger.pop("pot_before"),
    }
    return {"ok": chain["ok"] and ledger["ok"], "page": page, "chain": chain, "ledger": ledger}


def deal_starts(*, stream: str, club: object | None = None) -> list[int]:
    """The versions of the stream's `DealStarted` events not undone: its deals, in order."""
    marks = read_stream(stream=stream, club=club, types=(DEAL_STARTED, EVENT_UNDONE))
    undone = {
        e.data.get("undone_version")
        for e in marks
        if e.type == EVENT_UNDONE and e.data.get("undone_type") == DEAL_STARTED
    }
    return [e.version for e in marks if e.type == DEAL_STARTED and e.version not in undone]


def _event_before(stream: str, club: object | None, version: int) -> RecordedEvent | None:
    if version <= 1:
        return None
    found = read_stream(stream=stream, club=club, after_version=version - 2, limit=1)
    return found[0] if found and found[0].version == version - 1 else None


def _chain(
    events: Sequence[RecordedEvent], *, first_version: int, after: RecordedEvent | None
) -> dict[str, Any]:
    """The page's chain: ``code`` names the first break (`ledger.findings`) and ``reason``
    says it in the active language (the request's)."""
    broken: list[tuple[int, str, dict[str, int]]] = []
    if first_version > 1 and after is None:
        missing = {"version": first_version - 1}
        broken.append((events[0].position if events else 0, VERSION_MISSING, missing))
    for expected_version, event in enumerate(events, start=first_version):
        if event.version != expected_version:
            broken.append((event.position, VERSION_MISSING, {"version": expected_version}))
            break
        if recorded_event_hash(event) != event.hash:
            # Re-check the stored row itself: an upcast payload differs from what was hashed.
            report = verify_chain(
                club=event.club, from_position=event.position, to_position=event.position
            )
            if not report.ok:
                broken.append((event.position, chain_break(report.reason) or "chain_broken", {}))
                break
    span = (
        {
            "from_position": after.position + 1 if after is not None else events[0].position,
            "to_position": events[-1].position,
        }
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
            broken.append((report.first_broken, chain_break(report.reason) or "chain_broken", {}))
    first = min(broken, key=lambda b: b[0]) if broken else None
    return {
        "ok": not broken,
        "events": len(events),
        "span": span,
        "checked": checked,
        "first_broken": first[0] if first else None,
        "code": first[1] if first else None,
        "reason": chain_words(first[1], first[2]) if first else None,
    }


def ledger_differences(*, table_id: uuid.UUID | str) -> list[dict[str, Any]]:
    """Only the ledger half of the audit: every difference between the table's stored
    ledger and the one its events give (empty when they agree)."""
    table_id = uuid.UUID(str(table_id))
    events = read_stream(stream=stream_name(table_id))
    ledger = _ledger(table_id, events, low=1, high=None)
    return list(ledger["differences"])


def _ledger(
    table_id: uuid.UUID, events: Sequence[RecordedEvent], *, low: int, high: int | None
) -> dict[str, Any]:
    """The page's stored legs (versions ``low`` to ``high``, None: to the end) against the
    legs its events give from the pot the stored ledger holds before it."""
    rows = PostingLeg.objects.filter(table_id=table_id, version__gte=low)
    if high is not None:
        rows = rows.filter(version__lte=high)
    stored = [row_leg(row) for row in rows]
    pot = 0
    if low > 1 and events:
        pot = ledger_balances(table_id=table_id, at=events[0].position - 1).pot
    try:
        fold = fold_table(table_id, events, into=LedgerFold(table_id=table_id, pot=pot))
    except LedgerError as error:
        differences = [
            {
                "problem": "unbookable",
                "code": error.code,
                "params": error.params,
                "message": error.message,
            }
        ]
        return {"ok": False, "postings": len(stored), "differences": differences, "pot_before": pot}
    differences = legs_differences(stored=stored, rebuilt=fold.legs)
    if high is None:  # the last page: the table's row and its pot now
        table = LedgerTable.objects.filter(table_id=table_id).first()
        differences = table_differences(stored=table, fold=fold) + differences
    return {
        "ok": not differences,
        "postings": len(stored),
        "differences": differences,
        "pot_before": pot,
    }
