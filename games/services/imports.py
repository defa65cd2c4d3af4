"""Imports too long for a request, as jobs (api_common/jobs.py).

`POST /tables/import` checks what costs next to nothing at once (the name, the document's
shape, its players and options: a 422 on the POST), then imports a short transcript in the
request (201, as it always did) and hands a long one to a worker (202 and a job to poll):
a 600-deal sitting took 122 to 168 s in one request under load and held back its gunicorn
process's other threads. `Prefer: respond-async` (RFC 7240) asks for the job whatever the
size. The job runs `table_import` unchanged, so the import stays all or nothing (the table
`importing` until its last chunk, `abandoned` if it fails) and never holds the club's
append lock for more than a chunk.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Collection
from dataclasses import asdict
from typing import Any

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from api_common.jobs import enqueue_after_commit, job_claim
from clubs.models import ApiKey, Club
from games.engine import Rejection, TranscriptRejected
from games.models import ImportJob, ImportStatus, Table
from games.services.context import RequestContext
from games.services.tables import (
    IMPORTING,
    PreparedImport,
    import_abandon,
    import_prepared,
    table_import,
)

log = logging.getLogger(__name__)

#: Posted items (deals, actions, the close) a request imports itself: about a second's
#: work on a quiet machine (a 4-player deal is about 25 items, an 8-player one about 60).
#: A longer transcript is imported by a worker.
IMPORT_SYNC_ITEMS = 1000

#: `ImportJob.problem`'s code when the import failed for another reason than the document
#: (the database, a lost worker): nothing is wrong with it, post it again.
IMPORT_FAILED_CODE = "import_failed"


def import_start(
    *,
    club: Club,
    name: str,
    transcript: object,
    context: RequestContext | None = None,
    requested_by: ApiKey | None = None,
    prefer_async: bool = False,
) -> Table | ImportJob:
    """The new table (a short transcript, imported now) or the queued job importing it.
    Raises `Rejection` (the name) or `TranscriptRejected` for what the cheap checks find."""
    prepared = import_prepared(name=name, transcript=transcript)
    if not prefer_async and len(prepared.items) <= IMPORT_SYNC_ITEMS:
        return table_import(
            club=club, name=name, transcript=transcript, context=context, prepared=prepared
        )
    return _job_create(
        club=club,
        prepared=prepared,
        transcript=transcript,
        context=context,
        requested_by=requested_by,
    )


def _job_create(
    *,
    club: Club,
    prepared: PreparedImport,
    transcript: object,
    context: RequestContext | None,
    requested_by: ApiKey | None,
) -> ImportJob:
    from games.tasks import import_run_task

    with transaction.atomic():
        job = ImportJob.objects.create(
            club=club,
            requested_by=requested_by,
            name=prepared.name,
            transcript=transcript,
            context=asdict(context or RequestContext()),
            language=translation.get_language() or "",
            items=len(prepared.items),
        )
        enqueue_after_commit(lambda: import_run_task.delay(str(job.id)), what=f"import {job.id}")
    return job


def import_job_run(*, job_id: uuid.UUID | str) -> ImportJob:
    """Run the job if this worker can claim it (from the start again when the sweep
    requeued it after its worker died: the table that run left `importing` is abandoned
    first). Every end is recorded: the table, or the refusal in the API's shape."""
    if not job_claim(ImportJob, job_id):
        return ImportJob.objects.get(id=job_id)
    job = ImportJob.objects.select_related("club").get(id=job_id)
    # A refusal is worded in the poster's language, as the request's 422 would have been
    # (a worker runs in the site's default language).
    with translation.override(job.language or None):
        return _run(job)


def _run(job: ImportJob) -> ImportJob:
    """The claimed job imported, its end recorded (`_finish`)."""
    if job.table_id is not None:
        stale = Table.objects.filter(id=job.table_id, import_status=IMPORTING).first()
        if stale is not None:
            import_abandon(stale)

    def progress(**fields: Any) -> None:
        ImportJob.objects.filter(pk=job.pk).update(updated_at=timezone.now(), **fields)

    try:
        table = table_import(
            club=job.club,
            name=job.name,
            transcript=job.transcript,
            context=RequestContext(**job.context),
            on_created=lambda table_id: progress(table_id=table_id, items_done=0),
            on_progress=lambda done: progress(items_done=done),
        )
    except TranscriptRejected as refusal:
        problem = _problem(refusal.rejection, deal=refusal.deal, action=refusal.action)
        return _finish(job, problem=problem)
    except Rejection as refusal:  # the table's name
        return _finish(job, problem=_problem(refusal))
    except Exception as error:
        log.exception("import %s failed", job.id)
        words = gettext("the import could not be written; post the transcript again")
        return _finish(
            job,
            problem={"code": IMPORT_FAILED_CODE, "message": words},
            error=f"{type(error).__name__}: {error}",
        )
    return _finish(job, table_id=table.id)


def imports_lost_abandon(*, job_ids: Collection[str]) -> int:
    """Abandon the tables the sweep's failed jobs left `importing` (their worker died
    midway): hidden either way, but a follower holds back at an importing table's first
    event until it is whole or abandoned. How many tables."""
    tables = Table.objects.filter(
        id__in=ImportJob.objects.filter(id__in=job_ids, table_id__isnull=False).values("table_id"),
        import_status=IMPORTING,
    )
    stale = list(tables)
    for table in stale:
        import_abandon(table)
    return len(stale)


def _problem(rejection: Rejection, **where: int | None) -> dict[str, Any]:
    """A refusal as the API's 422 says it (`code`, `message`, `field`, `deal`, `action`)."""
    details = rejection.as_dict()
    problem = {"code": rejection.code, "message": rejection.message}
    for name in ("field", "expected_player"):
        if details.get(name) is not None:
            problem[name] = details[name]
    if where.get("deal") is None and details.get("deal") is not None:
        where["deal"] = details["deal"]
    problem.update({k: v for k, v in where.items() if v is not None})
    return problem


def _finish(
    job: ImportJob,
    *,
    table_id: uuid.UUID | None = None,
    problem: dict[str, Any] | None = None,
    error: str = "",
) -> ImportJob:
    """The job's end: succeeded with its table, or failed with its problem. The transcript
    is let go (the table holds it, or it was refused)."""
    now = timezone.now()
    fields: dict[str, Any] = {
        "status": ImportStatus.FAILED if problem else ImportStatus.SUCCEEDED,
        "finished_at": now,
        "updated_at": now,
        "transcript": {},
        "problem": problem,
        "error": (error or (problem or {}).get("message", ""))[:2000],
    }
    if table_id is not None:
        fields["table_id"] = table_id
        fields["items_done"] = job.items
    ImportJob.objects.filter(pk=job.pk).update(**fields)
    job.refresh_from_db()
    return job
