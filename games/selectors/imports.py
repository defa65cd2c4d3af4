"""Reads of import jobs."""

from __future__ import annotations

import uuid

from clubs.models import Club
from games.models import ImportJob


def import_job_get(*, club: Club, job_id: uuid.UUID) -> ImportJob | None:
    """The club's import job (None for another club's: no telling it exists)."""
    return ImportJob.objects.filter(club=club, id=job_id).defer("transcript").first()
