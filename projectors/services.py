"""Writes started from the API or the shell."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.jobs import enqueue_after_commit
from eventlog import stream_version
from eventlog.subscriptions import RebuildRefused, rebuild_plan
from projectors.models import TaskRun
from table_stream import stream_name

REBUILD = "rebuild_projection"
# A queued or running rebuild that has reported nothing for this long lost its worker.
STALE_AFTER = timedelta(minutes=10)


class RebuildInProgress(Exception):
    pass


def projection_rebuild_request(
    *, name: str, club_id: str, table: uuid.UUID | None = None, verify: bool = False
) -> TaskRun:
    """Record a rebuild of `name`, any projection of the one registry (as `manage.py
    rebuild --projection NAME [--table ID] [--verify]`), and enqueue it after commit; the
    task runs `projectors.rebuild.projections_rebuild`. Raises `RebuildRefused` (naming the
    field) for what cannot be rebuilt so, and `RebuildInProgress` while one of it is queued
    or running (and has reported progress lately)."""
    rebuild_plan([name], table=table is not None, verify=verify)  # refused before recording
    if table is not None and stream_version(stream=stream_name(table)) == 0:
        raise RebuildRefused("table", gettext("no table %(table)s in the log") % {"table": table})
    with transaction.atomic():
        busy = TaskRun.objects.select_for_update().filter(
            kind=REBUILD,
            target=name,
            status__in=[TaskRun.Status.QUEUED, TaskRun.Status.RUNNING],
            updated_at__gte=timezone.now() - STALE_AFTER,
        )
        if busy.exists():
            raise RebuildInProgress(name)
        run = TaskRun.objects.create(
            kind=REBUILD,
            target=name,
            club_id=club_id,
            table=str(table) if table else "",
            verify=verify,
        )

        def enqueue() -> None:
            from projectors.tasks import projection_rebuild_task

            projection_rebuild_task.delay(str(run.id))

        enqueue_after_commit(enqueue, what=f"rebuild {run.id}")
    return run
