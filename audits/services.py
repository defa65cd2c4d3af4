"""Writes: requesting and running integrity audits.

`audit_run` is the whole audit, synchronously (the nightly task and the shell call it);
`audit_request` records a queued run and hands it to a worker once the request commits.
"""

from __future__ import annotations

import logging
import uuid

from django.db import transaction
from django.utils import timezone

from audits.ledger_check import table_ledger_differences
from audits.models import AuditRun, AuditStatus, AuditTrigger
from audits.selectors import logged_table_iter
from clubs.models import ApiKey
from common.jobs import enqueue_after_commit, job_claim, job_fail
from eventlog import (
    NOT_LISTED,
    last_position,
    partition_heads,
    unlisted_clubs,
    verify_chain,
)
from ledger.findings import chain_break

logger = logging.getLogger(__name__)

# Each club's chain is verified a page of positions at a time (verify_chain itself reads in
# batches), so memory stays flat and the run shows its progress.
CHAIN_PAGE = 50_000


def audit_request(*, requested_by: ApiKey | None = None, club_id: str = "") -> AuditRun:
    """A queued run, started by a worker after the caller's transaction commits: of one
    club's ledgers (`club_id`), or of the whole log and every ledger ("")."""
    from audits.tasks import audit_run_task

    with transaction.atomic():
        run = AuditRun.objects.create(
            trigger=AuditTrigger.API, requested_by=requested_by, club_id=club_id
        )
        enqueue_after_commit(lambda: audit_run_task.delay(str(run.id)), what=f"audit {run.id}")
    return run


def audit_run(
    *,
    requested_by: ApiKey | None = None,
    run_id: uuid.UUID | str | None = None,
    trigger: str = AuditTrigger.COMMAND,
) -> AuditRun:
    """Verify the whole hash chain, then rebuild every table's ledger from events and
    compare it with the stored rows. Runs the queued run ``run_id`` if this worker can
    claim it (a run already finished, or running elsewhere, is left alone; the sweep puts
    a run whose worker died back in the queue) or a new one. Never raises for what it
    finds: the result is in the returned run (``ok``, the first broken position, the
    differing tables); any error ends the run ``failed`` with the reason."""
    if run_id is None:
        run = AuditRun.objects.create(
            trigger=trigger,
            requested_by=requested_by,
            status=AuditStatus.RUNNING,
            started_at=timezone.now(),
            attempts=1,
        )
    elif not job_claim(AuditRun, run_id):
        return AuditRun.objects.get(id=run_id)
    else:
        run = AuditRun.objects.get(id=run_id)
    try:
        run.head_position = last_position()
        run.checked_events = 0
        run.save(update_fields=["head_position", "checked_events", "updated_at"])
        if not run.club_id:  # the chain is the whole log's: not a club's business
            _check_chain(run)
        _check_ledgers(run)
    except Exception as error:  # the audit failed; say so rather than leave it "running"
        logger.exception("audit %s failed", run.id)
        job_fail(AuditRun, run.id, f"{type(error).__name__}: {error}")
        run.refresh_from_db()
        return run
    run.ok = bool((run.club_id or run.chain_ok) and run.ledger_ok)
    run.status = AuditStatus.SUCCEEDED
    run.finished_at = timezone.now()
    run.save()
    return run


def _check_chain(run: AuditRun) -> None:
    """Every club's chain up to its head as the run starts (``head_position`` is their
    sum); a break is reported as its position in the club, the club named in the reason.
    A club with events that is not listed as a partition is a break at its position 1: no
    follower, export or audit would ever read it."""
    for club in unlisted_clubs():
        run.chain_ok = False
        run.first_broken_position = 1
        _chain_broken(run, club=club, reason=NOT_LISTED)
        run.save(update_fields=["updated_at"])
        return
    for club, head in partition_heads().items():
        start = 1
        while start <= head:
            end = min(start + CHAIN_PAGE - 1, head)
            report = verify_chain(club=club, from_position=start, to_position=end)
            run.checked_events += report.checked
            if not report.ok:
                run.chain_ok = False
                run.first_broken_position = report.first_broken
                _chain_broken(run, club=club, reason=report.reason or "")
                run.save(update_fields=["checked_events", "updated_at"])
                return
            run.save(update_fields=["checked_events", "updated_at"])
            start = end + 1
    run.chain_ok = True


def _chain_broken(run: AuditRun, *, club: str, reason: str) -> None:
    """Why, kept as data (its name and the club) to be said in the reader's language."""
    run.broken_code = chain_break(reason) or ""
    run.broken_club = club
    run.broken_reason = f"club {club}: {reason}"


def _check_ledgers(run: AuditRun) -> None:
    differing: list[dict[str, object]] = []
    checked = 0
    by_club: dict[str, int] = {}
    for table in logged_table_iter(club_id=run.club_id or None):
        differences = table_ledger_differences(table_id=table.table_id)
        checked += 1
        if checked % 200 == 0:  # still alive (common/jobs.py sweeps silent runs)
            AuditRun.objects.filter(pk=run.pk).update(updated_at=timezone.now())
        by_club[table.club_id] = by_club.get(table.club_id, 0) + 1
        if differences:
            differing.append(
                {
                    "table_id": table.table_id,
                    "club_id": table.club_id,
                    "stream": table.stream,
                    "first_difference": differences[0],
                    "differences": differences[:50],
                }
            )
    run.tables_checked = checked
    run.tables_by_club = by_club
    run.ledger_differences = differing
    run.ledger_ok = not differing
