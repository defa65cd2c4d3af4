"""Reads of import jobs, and which imported tables the log's followers hold back."""

from __future__ import annotations

import uuid
from collections.abc import Collection

from clubs.models import Club
from eventlog.subscriptions import HOLD, PASS_OVER
from games.models import ImportJob, Table
from table_stream import table_id_of


def import_job_get(*, club: Club, job_id: uuid.UUID) -> ImportJob | None:
    """The club's import job (None for another club's: no telling it exists)."""
    return ImportJob.objects.filter(club=club, id=job_id).defer("transcript").first()


#: What a checkpointed follower does with a table's events, by `Table.import_status`.
_GATE = {"importing": HOLD, "abandoned": PASS_OVER}
#: Tables whose import status is settled for good (complete or abandoned: an import only
#: ever goes from `importing` to one of them), so a follower asks about each table once
#: per process rather than once per batch (a webhook endpoint's batch is one delivery).
_settled: dict[uuid.UUID, str | None] = {}
_SETTLED_MAX = 50_000


def tables_import_gate(streams: Collection[str]) -> dict[str, str]:
    """Of `streams`, the tables whose import is under way (HOLD: a follower waits for the
    whole sitting) or failed midway (PASS_OVER: its chunks stay in the log, uncounted).
    At most one query, on the primary key, for a follower's whole batch."""
    ids = {stream: table_id for stream in streams if (table_id := table_id_of(stream))}
    unknown = {table_id for table_id in ids.values() if table_id not in _settled}
    found: dict[uuid.UUID, str] = {}
    if unknown:
        found = dict(Table.objects.filter(id__in=unknown).values_list("id", "import_status"))
        if len(_settled) > _SETTLED_MAX:
            _settled.clear()
        for table_id, status in found.items():
            if status != "importing":
                _settled[table_id] = _GATE.get(status)
    verdicts = {}
    for stream, table_id in ids.items():
        verdict = _settled[table_id] if table_id in _settled else _GATE.get(found.get(table_id, ""))
        if verdict is not None:
            verdicts[stream] = verdict
    return verdicts
