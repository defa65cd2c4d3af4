"""Reads: export jobs, and which of a club's tables an export covers."""

from __future__ import annotations

import uuid
from datetime import date, datetime

from django.conf import settings
from django.db.models import QuerySet

from clubs.models import Club
from clubs.nights import DEFAULT_TIME_ZONE, nights_between
from eventlog import read_stream
from exports.models import ExportJob
from games.models import Table
from games.selectors import table_get, table_list


def export_job_get(*, club: Club, job_id: uuid.UUID) -> ExportJob | None:
    """The club's job (another club's is None, as a missing one)."""
    return ExportJob.objects.filter(club=club, id=job_id).first()


def export_job_list(*, club: Club) -> QuerySet[ExportJob]:
    """The club's export jobs, newest first (the API pages them)."""
    return ExportJob.objects.filter(club=club).order_by("-created_at", "-id")


def export_range(
    *, date_from: date | None, date_to: date | None, time_zone: str = DEFAULT_TIME_ZONE
) -> tuple[datetime | None, datetime | None]:
    """Inclusive club nights (the standings' days: `clubs.nights`, in the club's zone) as
    a half-open interval of ``recorded_at``."""
    return nights_between(date_from, date_to, time_zone)


def export_tables(
    *, club: Club, table_id: uuid.UUID | None, start: datetime | None, end: datetime | None
) -> list[Table]:
    """The one table asked for, or every table of the club; with a date range, only the
    tables with an event recorded in it."""
    if table_id is not None:
        table = table_get(club=club, table_id=table_id)
        tables = [table] if table is not None else []
    else:
        tables = list(table_list(club=club))
    if start is None and end is None:
        return tables
    kept = []
    for table in tables:
        events = read_stream(stream=table.stream, club=table.club_id)
        if any(
            (start is None or e.recorded_at >= start) and (end is None or e.recorded_at < end)
            for e in events
        ):
            kept.append(table)
    return kept


def last_position_before(table: Table, end: datetime) -> int:
    """The position of the table's last event recorded before ``end`` (0: none yet): the
    ledger "at" that position is the table's ledger at ``end``."""
    events = read_stream(stream=table.stream, club=table.club_id)
    return max((e.position for e in events if e.recorded_at < end), default=0)


def exports_dir() -> str:
    return str(getattr(settings, "EXPORTS_DIR", settings.BASE_DIR / "var" / "exports"))
