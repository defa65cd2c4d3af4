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
from django.utils.translation import gettext

from clubs.models import ApiKey, Club
from common.jobs import enqueue_after_commit, job_claim, job_fail
from exports.ledger import ledger_write
from exports.models import ExportFormat, ExportJob, ExportKind, ExportStatus
from exports.selectors import export_range, export_tables, exports_dir
from exports.transcripts import transcripts_write

logger = logging.getLogger(__name__)

CONTENT_TYPES = {ExportFormat.JSON: "application/json", ExportFormat.CSV: "text/csv; charset=utf-8"}


# Days an export may name: the log has nothing before, and the far future overflows.
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(2999, 12, 31)


class ExportRefused(Exception):
    """What was asked cannot be exported (the reason is the message; `code` set for a
    refusal of the values rather than of the body's shape)."""

    def __init__(self, field: str, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.code = code


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
        raise ExportRefused("format", gettext("hand histories are exported as JSON only"))
    for name, day in (("from", date_from), ("to", date_to)):
        if day is not None and not FIRST_DAY <= day <= LAST_DAY:
            raise ExportRefused(
                name,
                gettext("%(field)s: a day from %(first)s to %(last)s")
                % {"field": name, "first": FIRST_DAY, "last": LAST_DAY},
                code="date_out_of_range",
            )
    if date_from and date_to and date_from > date_to:
        raise ExportRefused("to", gettext("the range ends before it starts"))
    if table_id is not None and not export_tables(
        club=club, table_id=table_id, start=None, end=None
    ):
        raise ExportRefused("table", gettext("no such table in this club"))
    with transaction.atomic():
        job = ExportJob.objects.create(
            club=club,
            requested_by=requested_by,
            kind=kind,
            format=format,
            table_id=table_id,
            date_from=date_from,
            date_to=date_to,
        )
        enqueue_after_commit(lambda: export_build_task.delay(str(job.id)), what=f"export {job.id}")
    return job


def export_path(job: ExportJob) -> str:
    return os.path.join(exports_dir(), job.file_name)


def export_build(*, job_id: uuid.UUID | str) -> ExportJob:
    """Build the job's file if this worker can claim the job (from the start again when
    the sweep requeued it after its worker died). Any error ends it `failed`."""
    if not job_claim(ExportJob, job_id):
        return ExportJob.objects.get(id=job_id)
    job = ExportJob.objects.select_related("club").get(id=job_id)
    name = f"{job.kind}-{job.id}.{job.format}"
    directory = exports_dir()
    final = os.path.join(directory, name)
    partial = f"{final}.part"
    try:
        start, end = export_range(
            date_from=job.date_from, date_to=job.date_to, time_zone=job.club.time_zone
        )
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
        job_fail(ExportJob, job.id, f"{type(error).__name__}: {error}")
        job.refresh_from_db()
        return job
    job.status = ExportStatus.SUCCEEDED
    job.file_name = name
    job.content_type = CONTENT_TYPES[ExportFormat(job.format)]
    job.size_bytes = os.path.getsize(final)
    job.tables = len(tables)
    job.finished_at = timezone.now()
    job.save()
    return job
