"""Integrity audit runs: what was checked and the first thing found wrong."""

from __future__ import annotations

import uuid

from django.db import models

from clubs.models import ApiKey


class AuditStatus(models.TextChoices):
    """The one job vocabulary (common/jobs.py)."""

    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"  # finished; `ok` says whether everything held
    FAILED = "failed"  # the audit itself failed (see `error`), nothing is concluded


class AuditTrigger(models.TextChoices):
    NIGHTLY = "nightly"
    API = "api"
    COMMAND = "command"


class AuditRun(models.Model):
    """One audit of the whole log: the hash chain, then every table's ledger rebuilt from
    events and compared with the stored rows. ``ledger_differences`` holds one entry per
    table that differs: ``{"table_id", "club_id", "stream", "first_difference",
    "differences"}`` (club-scoped when shown through the API), each difference the
    ledger's own record: an `unbookable` one keeps its ``code`` and ``params``, and its
    ``message`` is said again in the reader's language when read (`audits.findings`)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    status = models.CharField(max_length=10, choices=AuditStatus.choices, default="queued")
    attempts = models.IntegerField(default=0, help_text="runs started (common/jobs.py)")
    # Touched as the run progresses: a running audit silent for long lost its worker.
    updated_at = models.DateTimeField(auto_now=True)
    trigger = models.CharField(max_length=10, choices=AuditTrigger.choices)
    requested_by = models.ForeignKey(
        ApiKey, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # "" audits the whole log (nightly, the shell, the operator); a club id audits only that
    # club's tables' ledgers, so no club's request costs or tells another club anything.
    club_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    head_position = models.BigIntegerField(null=True, blank=True)
    checked_events = models.BigIntegerField(default=0)
    chain_ok = models.BooleanField(null=True)
    first_broken_position = models.BigIntegerField(null=True, blank=True)
    # Why, as data: the break's name (`ledger.findings.CHAIN_CODES`) and the club whose chain
    # broke, said in the words of whoever reads the run (it is read long after, in any
    # language). `broken_reason` is the English sentence of the time, for logs and the shell.
    broken_code = models.CharField(max_length=40, blank=True, default="")
    broken_club = models.CharField(max_length=64, blank=True, default="")
    broken_reason = models.TextField(blank=True, default="")

    tables_checked = models.IntegerField(default=0)
    tables_by_club = models.JSONField(default=dict, blank=True)  # {club_id: tables checked}
    ledger_ok = models.BooleanField(null=True)
    ledger_differences = models.JSONField(default=list, blank=True)

    ok = models.BooleanField(null=True)
    error = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["-created_at"], name="audits_run_created")]

    def __str__(self) -> str:
        return f"audit {self.id} ({self.status}, ok={self.ok})"
