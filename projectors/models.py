"""The player-statistics read model and task runs (the checkpoints are `followers`').

Read-model rows carry a `generation`: a rebuild writes a fresh generation beside the live
one and flips the checkpoint's `active` flag in one transaction, so readers (who select the
active generation in the same statement) never see a half-built model.
"""

from __future__ import annotations

import uuid

from django.db import models


class StatsCounters(models.Model):
    """The counters a player's line keeps, for all time or for one day (`stats_fold.Line`)."""

    tables = models.IntegerField(default=0)
    deals_played = models.IntegerField(default=0)
    deals_passed = models.IntegerField(default=0)
    pots_won = models.IntegerField(default=0)
    pot_chips = models.BigIntegerField(default=0)
    biggest_pot = models.BigIntegerField(default=0)
    bourres = models.IntegerField(default=0)
    reneges = models.IntegerField(default=0)
    net_chips = models.BigIntegerField(default=0)

    class Meta:
        abstract = True


class PlayerStats(StatsCounters):
    """One player's record across every table of a club (players are known by name)."""

    generation = models.IntegerField()
    club_id = models.CharField(max_length=64)
    player = models.CharField(max_length=200)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["generation", "club_id", "player"], name="projectors_playerstats_key"
            )
        ]
        indexes = [
            models.Index(
                fields=["generation", "club_id", "-net_chips", "-pots_won"],
                name="projectors_stats_board",
            )
        ]

    def __str__(self) -> str:
        return f"{self.club_id}/{self.player}"


class PlayerDayStats(StatsCounters):
    """What one player did at a club's tables on one day (UTC, the day each ruling was
    recorded): summed over a range of days it gives the standings of a club night or a
    month. `tables` counts the tables the player first sat at that day; `biggest_pot` is
    the day's biggest (a range takes the largest)."""

    generation = models.IntegerField()
    club_id = models.CharField(max_length=64)
    player = models.CharField(max_length=200)
    day = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["generation", "club_id", "player", "day"],
                name="projectors_playerdaystats_key",
            )
        ]
        indexes = [
            models.Index(fields=["generation", "club_id", "day"], name="projectors_daystats_range")
        ]

    def __str__(self) -> str:
        return f"{self.club_id}/{self.player}@{self.day}"


class StatsTable(models.Model):
    """The player-statistics projector's private memory of one table: its club, players,
    who sits in the current deal, and what the current deal's rulings added (`open`,
    keyed by ruling version), so an undo that voids them can take them back."""

    generation = models.IntegerField()
    stream = models.CharField(max_length=200)
    club_id = models.CharField(max_length=64)
    players = models.JSONField(default=list)
    seated = models.JSONField(default=list)
    open = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["generation", "stream"], name="projectors_statstable_key"
            )
        ]

    def __str__(self) -> str:
        return self.stream


class TaskRun(models.Model):
    """A long task's progress, written by the task itself (`GET /api/v1/tasks/{id}`)."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=50)
    target = models.CharField(max_length=200)
    # The club whose key asked ("" when started from the shell); only it sees the run.
    club_id = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    attempts = models.IntegerField(default=0, help_text="runs started (common/jobs.py)")
    processed = models.BigIntegerField(default=0)
    total = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Touched on every progress report: a run silent for long had its worker killed.
    updated_at = models.DateTimeField(auto_now=True)
    error = models.TextField(blank=True, default="")
    # A rebuild's options: one table's stream ("" for all), or compare without writing;
    # what a verification found ("<projection>: <difference>" each).
    table = models.CharField(max_length=64, blank=True, default="")
    verify = models.BooleanField(default=False)
    differences = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} {self.target} ({self.status})"
