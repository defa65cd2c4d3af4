"""Reads of import jobs, and which imported tables the log's followers hold back."""

from __future__ import annotations

import uuid
from collections.abc import Collection

from clubs.models import Club
from followers.registry import HOLD, PASS_OVER
from games.models import ImportJob, Table
from games.table import table_id_of


def import_job_get(*, club: Club, job_id: uuid.UUID) -> ImportJob | None:
    """The club's import job (None for another club's: no telling it exists)."""
    return ImportJob.objects.filter(club=club, id=job_id).defer("transcript").first()


#: What a checkpointed follower does with a table's events, by `Table.import_status`.
_GATE = {"importing": HOLD, "abandoned": PASS_OVER}


def tables_import_gate(streams: Collection[str]) -> dict[str, str]:
    """Of `streams`, the tables whose import is under way (HOLD: a follower waits for the
    whole sitting) or failed midway (PASS_OVER: its chunks stay in the log, uncounted).
    One query, on the primary key, for a follower's whole batch."""
    ids = {stream: table_id for stream in streams if (table_id := table_id_of(stream))}
    if not ids:
        return {}
    unfinished = dict(
        Table.objects.filter(id__in=set(ids.values()))
        .exclude(import_status="")
        .values_list("id", "import_status")
    )
    return {
        stream: _GATE[status]
        for stream, table_id in ids.items()
        if (status := unfinished.get(table_id)) in _GATE
    }
