"""Import jobs: a transcript posted to `POST /tables/import` too long to rule and write in
the request, imported by a worker (common/jobs.py's one job vocabulary)."""

from __future__ import annotations

import uuid

from django.db import models

from clubs.models import ApiKey, Club


class ImportStatus(models.TextChoices):
    """The one job vocabulary (common/jobs.py): succeeded means the table is whole."""

    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class ImportJob(models.Model):
    """What was posted (the table's name and the transcript, kept until the job ends) and
    what came of it: the new table, or the refusal as data (``problem``: the 422's ``code``
    and, located, ``field``, ``expected_player``, ``deal``, ``action``; ``words``, what its
    sentence needs), said in the reader's language when the job is read
    (games/services/import_refusals.py). A job stored before keeps its ``message``, in the
    poster's language."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(
        ApiKey, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=200)
    transcript = models.JSONField(help_text="the posted document; emptied once the job ends")
    context = models.JSONField(default=dict, help_text="who posted it (the events' metadata)")

    status = models.CharField(max_length=12, choices=ImportStatus.choices, default="queued")
    attempts = models.IntegerField(default=0, help_text="runs started (common/jobs.py)")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    items = models.IntegerField(help_text="items the transcript posts (deals, actions, close)")
    items_done = models.IntegerField(default=0, help_text="items appended so far")
    table_id = models.UUIDField(
        null=True, blank=True, help_text="the table of the current (or last) run"
    )
    error = models.TextField(
        blank=True, default="", help_text="for the logs: the refusal's English, or the error"
    )
    problem = models.JSONField(
        null=True, blank=True, help_text="a refusal as data, said when read (import_refusals)"
    )
    idempotency_key = models.CharField(
        max_length=255,
        blank=True,
        default="",
        help_text="the request's `Idempotency-Key`: its retries answer with this job",
    )
    request_hash = models.CharField(
        max_length=64, blank=True, default="", help_text="of the name and transcript posted"
    )

    #: Set by the service on the job a retry with its `Idempotency-Key` answers with (not
    #: a column: the API's `Idempotent-Replayed` header).
    replayed = False

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["club", "-created_at"], name="games_import_club_created")]
        constraints = [
            # One job per key in a club: two racing retries make one job, not two tables.
            models.UniqueConstraint(
                fields=["club", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="games_import_club_key",
            )
        ]

    def __str__(self) -> str:
        return f"import {self.id} ({self.status})"
