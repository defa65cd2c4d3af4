"""Imports too long for a request, as jobs (common/jobs.py).

`POST /tables/import` checks what costs next to nothing at once (the name, the document's
shape, its players and options: a 422 on the POST), then imports a short transcript in the
request (201, as it always did) and hands a long one to a worker (202 and a job to poll):
a 600-deal sitting took 122 to 168 s in one request under load and held back its gunicorn
process's other threads. `Prefer: respond-async` (RFC 7240) asks for the job whatever the
size. The job runs `table_import` unchanged, so the import stays all or nothing (the table
`importing` until its last chunk, `abandoned` if it fails) and never holds the club's
append lock for more than a chunk.

With an `Idempotency-Key` the job row is the key's record, whatever the size: a short
transcript's job is run in the request (created `running`, so no worker takes it), a long
one's by a worker. A retry of the same body answers with that job: 202 while it runs, the
table once it has succeeded (a tablet whose answer was lost gets the table, not a second
one), and a failed job is run again, as posting again without a key would. The key with
another body is `IdempotencyKeyReused`.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Collection
from dataclasses import asdict
from typing import Any

from django.db import Error, IntegrityError, models, transaction
from django.utils import timezone

from clubs.models import ApiKey, Club
from common.jobs import QUEUED, RUNNING, enqueue_after_commit, job_claim
from eventlog import canonical_json
from games.engine import Rejection, TranscriptRejected
from games.models import ImportJob, ImportStatus, Table
from games.services.context import RequestContext
from games.services.import_refusals import import_failed_kept, refusal_kept
from games.services.tables import (
    IMPORTING,
    import_abandon,
    import_prepared,
    table_import,
)
from games.sitting import IdempotencyKeyReused

log = logging.getLogger(__name__)

#: Posted items (deals, actions, the close) a request imports itself: about a second's
#: work on a quiet machine (a 4-player deal is about 25 items, an 8-player one about 60).
#: A longer transcript is imported by a worker.
IMPORT_SYNC_ITEMS = 1000


def import_start(
    *,
    club: Club,
    name: str,
    transcript: object,
    context: RequestContext | None = None,
    requested_by: ApiKey | None = None,
    prefer_async: bool = False,
    idempotency_key: str | None = None,
) -> Table | ImportJob:
    """The new table (a short transcript, imported now) or the queued job importing it;
    with `idempotency_key`, what the key's first request made (`replayed`: the job still
    running, or its table). Raises `Rejection` (the name) or `TranscriptRejected` for what
    the cheap checks find, and `IdempotencyKeyReused`."""
    prepared = import_prepared(name=name, transcript=transcript)
    here = not prefer_async and len(prepared.items) <= IMPORT_SYNC_ITEMS
    if idempotency_key is None and here:
        return table_import(
            club=club, name=name, transcript=transcript, context=context, prepared=prepared
        )
    job = ImportJob(
        club=club,
        requested_by=requested_by,
        name=prepared.name,
        transcript=transcript,
        context=asdict(context or RequestContext()),
        items=len(prepared.items),
        idempotency_key=idempotency_key or "",
        request_hash=_request_hash(name, transcript) if idempotency_key else "",
    )
    if here:  # taken by this request, as a worker's claim would (attempts, started_at)
        job.status, job.attempts, job.started_at = RUNNING, 1, timezone.now()
    if idempotency_key is not None:
        earlier = _keyed(job)
        if earlier is not None:
            return earlier
    else:
        with transaction.atomic():
            job.save(force_insert=True)
            _nudge(job)
    if here:
        return _run_here(job)
    return job


def _request_hash(name: str, transcript: object) -> str:
    """Of the body as parsed (key order and spacing aside): a retry's is the first's."""
    body = canonical_json({"name": name, "transcript": transcript})
    return hashlib.sha256(body.encode()).hexdigest()


def _nudge(job: ImportJob) -> None:
    """A worker is asked for a queued job once the transaction commits."""
    from games.tasks import import_run_task

    if job.status == QUEUED:
        enqueue_after_commit(lambda: import_run_task.delay(str(job.id)), what=f"import {job.id}")


def _keyed(job: ImportJob) -> Table | ImportJob | None:
    """None when `job` is the key's first (saved now, or a failed one taken again to run
    as `job` says); else what the key's job made, `replayed`."""
    jobs = ImportJob.objects.filter(club=job.club, idempotency_key=job.idempotency_key)
    for _ in range(3):  # a racing retry can take the row between the read and the write
        earlier = jobs.first()
        if earlier is None:
            try:
                with transaction.atomic():
                    job.save(force_insert=True)
                    _nudge(job)
                return None
            except IntegrityError:  # a racing retry made it first: answer with its job
                continue
        if earlier.request_hash != job.request_hash:
            raise IdempotencyKeyReused(job.idempotency_key)
        if earlier.status == ImportStatus.SUCCEEDED:
            table = Table.objects.select_related("snapshot").get(id=earlier.table_id)
            table.replayed = True
            return table
        if earlier.status != ImportStatus.FAILED:
            earlier.replayed = True
            return earlier
        # Failed (refused, or the database or a worker failed): run again, as a post
        # without a key would; the run abandons the table the failed one left.
        job.pk, job.table_id = earlier.pk, earlier.table_id
        with transaction.atomic():
            taken = jobs.filter(pk=earlier.pk, status=ImportStatus.FAILED).update(
                status=job.status,
                attempts=models.F("attempts") + job.attempts,
                started_at=job.started_at,
                updated_at=timezone.now(),
                finished_at=None,
                requested_by=job.requested_by,
                transcript=job.transcript,
                context=job.context,
                items_done=0,
                problem=None,
                error="",
            )
            if taken:
                _nudge(job)
        if taken:
            return None
    # Unreachable: a lost race leaves the row made or taken, which the next turn answers.
    raise RuntimeError(f"import key {job.idempotency_key!r} kept changing")  # pragma: no cover


def _run_here(job: ImportJob) -> Table:
    """A short transcript's keyed job, run in the request: its table, or the request's
    error (the 422 or 503 an import without a key answers), the job's end recorded."""
    done = _run(ImportJob.objects.select_related("club").get(pk=job.pk), in_request=True)
    return Table.objects.select_related("snapshot").get(id=done.table_id)


def import_job_run(*, job_id: uuid.UUID | str) -> ImportJob:
    """Run the job if this worker can claim it (from the start again when the sweep
    requeued it after its worker died: the table that run left `importing` is abandoned
    first). Every end is recorded: the table, or the refusal as data, said in words when
    the job is read (games/services/import_refusals.py)."""
    if not job_claim(ImportJob, job_id):
        return ImportJob.objects.get(id=job_id)
    return _run(ImportJob.objects.select_related("club").get(id=job_id))


def _run(job: ImportJob, *, in_request: bool = False) -> ImportJob:
    """The claimed job imported, its end recorded (`_finish`); `in_request`, a failure
    is raised on to the request as well."""
    if job.table_id is not None:
        stale = Table.objects.filter(id=job.table_id, import_status=IMPORTING).first()
        if stale is not None:
            import_abandon(stale)

    def progress(**fields: Any) -> None:
        ImportJob.objects.filter(pk=job.pk).update(updated_at=timezone.now(), **fields)

    def created(table_id: uuid.UUID) -> None:
        job.table_id = table_id
        progress(table_id=table_id, items_done=0)

    try:
        table = table_import(
            club=job.club,
            name=job.name,
            transcript=job.transcript,
            context=RequestContext(**job.context),
            on_created=created,
            on_progress=None if in_request else lambda done: progress(items_done=done),
        )
    except TranscriptRejected as refusal:
        kept = refusal_kept(refusal.rejection, deal=refusal.deal, action=refusal.action)
        finished = _finish(job, problem=kept, error=refusal.rejection.english)
        if in_request:
            raise
        return finished
    except Rejection as refusal:  # the table's name
        finished = _finish(job, problem=refusal_kept(refusal), error=refusal.english)
        if in_request:
            raise
        return finished
    except Exception as error:
        failed = f"{type(error).__name__}: {error}"
        if in_request:  # the request answers it; the job's end is recorded if it can be
            try:
                _finish(job, problem=import_failed_kept(), error=failed)
            except Error:  # left running: the sweep puts it back in the queue
                log.warning("import %s failed and could not be marked failed", job.id)
            raise
        log.exception("import %s failed", job.id)
        return _finish(job, problem=import_failed_kept(), error=failed)
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


def _finish(
    job: ImportJob,
    *,
    table_id: uuid.UUID | None = None,
    problem: dict[str, Any] | None = None,
    error: str = "",
) -> ImportJob:
    """The job's end: succeeded with its table, or failed with its problem (the refusal as
    data) and `error` (its English, or the program's error: the operators' record). The
    transcript is let go (the table holds it, or it was refused)."""
    now = timezone.now()
    fields: dict[str, Any] = {
        "status": ImportStatus.FAILED if problem else ImportStatus.SUCCEEDED,
        "finished_at": now,
        "updated_at": now,
        "transcript": {},
        "problem": problem,
        "error": error[:2000],
    }
    if table_id is not None:
        fields["table_id"] = table_id
        fields["items_done"] = job.items
    ImportJob.objects.filter(pk=job.pk).update(**fields)
    job.refresh_from_db()
    return job
