"""Background jobs whose database row is the truth (audits, exports, rebuilds).

Every job speaks one status vocabulary: ``queued``, ``running``, ``succeeded``, ``failed``.
A job row commits with the request; the Celery message is only a nudge, sent after the
commit and never allowed to fail the request (the broker may be down: the request still
answers 202 with the job queued). A beat sweep (`jobs_sweep`) re-sends the nudge for jobs
left queued, puts jobs whose worker died (running, silent past a deadline) back in the
queue, and fails them after `max_attempts` runs, so every accepted job ends `succeeded` or
`failed`. A task runs a job only if it can claim it (queued -> running, one UPDATE), so a
duplicated nudge never runs a job twice at once.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

QUEUED, RUNNING, SUCCEEDED, FAILED = "queued", "running", "succeeded", "failed"
FINISHED = (SUCCEEDED, FAILED)

_DEFAULTS = {
    "JOBS_QUEUED_RESEND_SECONDS": 60.0,  # a queued job's nudge is sent again after this
    "JOBS_RUNNING_STALE_SECONDS": 600.0,  # a running job silent this long lost its worker
    "JOBS_GIVE_UP_SECONDS": 86_400.0,  # a job never picked up in this long fails
    "JOBS_MAX_ATTEMPTS": 3.0,  # runs started; then the job fails
}


def job_setting(name: str) -> float:
    """A Django setting wins, then the environment (test workers), then the default."""
    value = getattr(settings, name, None)
    if value is None:
        value = os.environ.get(name) or _DEFAULTS[name]
    return float(value)


def enqueue_after_commit(send: Callable[[], object], *, what: str) -> None:
    """Call `send` (a `.delay(...)`) once the transaction commits; a broker error is logged
    and left to the sweep, never raised into the request that already committed the job."""

    def nudge() -> None:
        try:
            send()
        except Exception as error:
            logger.warning("could not enqueue %s (%s); the sweep will", what, type(error).__name__)

    transaction.on_commit(nudge)


def job_claim(model: type[models.Model], job_id: Any) -> bool:
    """Take a queued job for this worker: queued -> running, one more attempt. False when
    it is not queued (finished, or another worker has it)."""
    now = timezone.now()
    claimed = model._default_manager.filter(pk=job_id, status=QUEUED).update(  # type: ignore[attr-defined]
        status=RUNNING,
        started_at=now,
        updated_at=now,
        attempts=models.F("attempts") + 1,
    )
    return bool(claimed)


def job_fail(model: type[models.Model], job_id: Any, reason: str) -> None:
    now = timezone.now()
    model._default_manager.filter(pk=job_id).exclude(status__in=FINISHED).update(  # type: ignore[attr-defined]
        status=FAILED, error=reason[:2000], finished_at=now, updated_at=now
    )


def job_run(model: type[models.Model], job_id: Any, run: Callable[[], Any]) -> str:
    """A task's body: run the job's service and answer its status; whatever breaks, the job
    says so instead of hanging (marked failed with the error), and the error goes on to
    Celery (`acks_late`: a worker killed midway leaves the message for the sweep)."""
    try:
        return str(run().status)
    except Exception as error:
        job_fail(model, job_id, f"{type(error).__name__}: {error}")
        raise


@dataclass
class SweepReport:
    resent: list[str] = field(default_factory=list)
    requeued: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def jobs_sweep(
    model: type[models.Model],
    *,
    enqueue: Callable[[str], object],
    what: str,
    only: dict[str, Any] | None = None,
) -> SweepReport:
    """One pass over `model`'s unfinished jobs (fields: status, attempts, created_at,
    updated_at, finished_at, error), or those matching `only`."""
    now = timezone.now()
    resend_before = now - timedelta(seconds=job_setting("JOBS_QUEUED_RESEND_SECONDS"))
    stale_before = now - timedelta(seconds=job_setting("JOBS_RUNNING_STALE_SECONDS"))
    give_up_before = now - timedelta(seconds=job_setting("JOBS_GIVE_UP_SECONDS"))
    max_attempts = max(1, int(job_setting("JOBS_MAX_ATTEMPTS")))
    report = SweepReport()
    manager = model._default_manager  # type: ignore[attr-defined]
    with transaction.atomic():
        stale = (
            manager.select_for_update(skip_locked=True)
            .filter(**(only or {}))
            .filter(
                models.Q(status=QUEUED, updated_at__lt=resend_before)
                | models.Q(status=RUNNING, updated_at__lt=stale_before)
            )
        )
        for job in stale:
            ident = str(job.pk)
            if job.status == RUNNING and job.attempts >= max_attempts:
                reason = f"lost: the worker stopped {job.attempts} times without finishing"
            elif job.status == QUEUED and job.created_at < give_up_before:
                reason = "lost: no worker picked it up"
            else:
                reason = ""
            if reason:
                job_fail(model, job.pk, reason)
                report.failed.append(ident)
                continue
            manager.filter(pk=job.pk).update(status=QUEUED, updated_at=now)
            (report.requeued if job.status == RUNNING else report.resent).append(ident)
            enqueue_after_commit(lambda ident=ident: enqueue(ident), what=f"{what} {ident}")
    if report.requeued or report.failed:
        logger.info("%s sweep: %s", what, report)
    return report
