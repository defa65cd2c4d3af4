"""Reads: audit runs, and the tables the log knows (from their `TableCreated` events)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from audits.models import AuditRun
from eventlog import stream_first_events
from table_stream import STREAM_PREFIX, TABLE_CREATED


@dataclass(frozen=True, slots=True)
class LoggedTable:
    table_id: str
    club_id: str
    stream: str


def logged_table_iter(*, club_id: uuid.UUID | str | None = None) -> Iterator[LoggedTable]:
    """Every table stream in the log (or one club's), in creation order. Read from the log
    itself, not from `games`' tables, so a table the database forgot is still audited."""
    for event in stream_first_events(prefix=STREAM_PREFIX, club=club_id):
        if event.type != TABLE_CREATED:
            continue
        yield LoggedTable(
            table_id=str(event.data.get("table_id")),
            club_id=str(event.data.get("club_id")),
            stream=event.stream,
        )


def _visible(club_id: uuid.UUID | str | None) -> QuerySet[AuditRun]:
    """What one club may see: whole-log runs (cut down by the view) and its own runs;
    everything for the operator (`club_id=None`)."""
    runs = AuditRun.objects.all()
    if club_id is not None:
        runs = runs.filter(club_id__in=["", str(club_id)])
    return runs


def audit_run_list(*, club_id: uuid.UUID | str | None) -> QuerySet[AuditRun]:
    """The runs one club may see (every run for the operator), newest first (the API pages it)."""
    return _visible(club_id).order_by("-created_at", "-id")


def audit_run_get(*, run_id: uuid.UUID, club_id: uuid.UUID | str | None) -> AuditRun | None:
    return _visible(club_id).filter(id=run_id).first()


def audit_differences_for_club(*, run: AuditRun, club_id: uuid.UUID | str) -> list[dict[str, Any]]:
    """The ledger differences of one club's tables only: tables are club business."""
    return [d for d in run.ledger_differences if d.get("club_id") == str(club_id)]
