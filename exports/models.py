"""Export jobs: a file of hand histories or ledgers, built by a worker, downloaded later."""

from __future__ import annotations

import uuid

from django.db import models

from clubs.models import ApiKey, Club


class ExportKind(models.TextChoices):
    TRANSCRIPTS = "transcripts"
    LEDGER = "ledger"


class ExportFormat(models.TextChoices):
    JSON = "json"
    CSV = "csv"


class ExportStatus(models.TextChoices):
    """The one job vocabulary (common/jobs.py): succeeded means the file is ready."""

    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class ExportJob(models.Model):
    """What was asked (kind, format, one table or the club's tables, a date range of
    ``recorded_at``) and, once ready, the file (``file_name`` under ``EXPORTS_DIR``)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(
        ApiKey, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=ExportKind.choices)
    format = models.CharField(max_length=4, choices=ExportFormat.choices)
    table_id = models.UUIDField(null=True, blank=True)
    date_from = models.DateField(null=True, blank=True)
    date_to = models.DateField(null=True, blank=True)

    status = models.CharField(max_length=12, choices=ExportStatus.choices, default="queued")
    attempts = models.IntegerField(default=0, help_text="runs started (common/jobs.py)")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    file_name = models.CharField(max_length=200, blank=True, default="")
    content_type = models.CharField(max_length=100, blank=True, default="")
    size_bytes = models.BigIntegerField(null=True, blank=True)
    tables = models.IntegerField(null=True, blank=True)
    error = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["club", "-created_at"], name="exports_job_club_created")]

    def __str__(self) -> str:
        return f"export {self.id} ({self.kind}/{self.format}, {self.status})"
