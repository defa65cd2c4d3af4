"""Writes: creating export jobs and building their files.

`export_create` records a queued job and hands it to a worker once the request commits;
`export_build` (the task's body) writes the file beside its final name and renames it
into place, so a download never sees half a file.
"""

from __future__ import annotations

import logging
import os
import uuid
from datetime import date

from django.db import transaction
from django.utils import timezone

from clubs.models import ApiKey, Club
from exports.ledger import ledger_write
from exports.models import ExportFormat, ExportJob, ExportKind, ExportStatus
from exports.selectors import export_range, export_tables, exports_dir
from exports.transcripts import transcripts_write

logger = logging.getLogger(__name__)

CONTENT_TYPES = {ExportFormat.JSON: "application/json", ExportFormat.CSV: "text/csv; charset=utf-8"}


class ExportRefused(Exception):
    """What was asked cannot be exported (the reason is the message)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def export_create(
    *,
    club: Club,
    kind: str,
    format: str,
    table_id: uuid.UUID | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    requested_by: ApiKey | None = None,
) -> ExportJob:
    """A queued export of the club's data; the file is built by a worker."""
    from exports.tasks import export_build_task

    if kind == ExportKind.TRANSCRIPTS and format != ExportFormat.JSON:
        raise ExportRefused("format", "hand histories are exported as JSON only")
    if date_from and date_to and date_from > date_to:
        raise ExportRefused("to", "the range ends before it starts")
    if table_id is not None and not export_tables(
        club=club, table_id=table_id, start=None, end=None
    ):
        raise ExportRefused("table", "no such table in this club")
    job = ExportJob.objects.create(
        club=club,
        requested_by=requested_by,
        kind=kind,
        format=format,
        table_id=table_id,
        date_from=date_from,
        date_to=date_to,
    )
    transaction.on_commit(lambda: export_build_task.delay(str(job.id)))
    return job


def export_path(job: ExportJob) -> str:
    return os.path.join(exports_dir(), job.file_name)


def export_build(*, job_id: uuid.UUID | str) -> ExportJob:
    """Build the job's file (again, if a redelivered task finds it half done)."""
    job = ExportJob.objects.select_related("club").get(id=job_id)
    if job.status in (ExportStatus.READY, ExportStatus.FAILED):
        return job
    job.status = ExportStatus.RUNNING
    job.save(update_fields=["status"])
    start, end = export_range(date_from=job.date_from, date_to=job.date_to)
    name = f"{job.kind}-{job.id}.{job.format}"
    directory = exports_dir()
    final = os.path.join(directory, name)
    partial = f"{final}.part"
    try:
        os.makedirs(directory, exist_ok=True)
        tables = export_tables(club=job.club, table_id=job.table_id, start=start, end=end)
        header = {
            "club": str(job.club_id),
            "table": str(job.table_id) if job.table_id else None,
            "from": job.date_from.isoformat() if job.date_from else None,
            "to": job.date_to.isoformat() if job.date_to else None,
            "exported_at": timezone.now().isoformat(),
        }
        with open(partial, "w", encoding="utf-8", newline="") as out:
            if job.kind == ExportKind.TRANSCRIPTS:
                transcripts_write(tables=tables, out=out, header=header)
            else:
                ledger_write(
                    tables=tables, format=job.format, start=start, end=end, out=out, header=header
                )
        os.replace(partial, final)
    except Exception as error:
        logger.exception("export %s failed", job.id)
        job.status = ExportStatus.FAILED
        job.error = f"{type(error).__name__}: {error}"
        job.finished_at = timezone.now()
        job.save()
        return job
    job.status = ExportStatus.READY
    job.file_name = name
    job.content_type = CONTENT_TYPES[ExportFormat(job.format)]
    job.size_bytes = os.path.getsize(final)
    job.tables = len(tables)
    job.finished_at = timezone.now()
    job.save()
    return job
