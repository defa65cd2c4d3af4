"""Read-only Django models over the event log tables.

The tables are created by raw SQL in the migration and the models are unmanaged: Django never
alters them, and test flushes (which TRUNCATE managed tables) leave the log alone, as the
database insists. Writes go through ``eventlog.append`` only.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.db import models

from eventlog.types import AppendOnlyError


def _refuse(*args: Any, **kwargs: Any) -> NoReturn:
    raise AppendOnlyError("the event log is append-only; write with eventlog.append")


class AppendOnlyQuerySet(models.QuerySet):
    update = _refuse
    delete = _refuse
    bulk_update = _refuse
    bulk_create = _refuse
    update_or_create = _refuse
    get_or_create = _refuse
    create = _refuse


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()


class Event(AppendOnlyModel):
    """One event; ``position`` counts within its club's partition."""

    pk = models.CompositePrimaryKey("club_id", "position")
    club_id = models.UUIDField()
    position = models.BigIntegerField()
    stream = models.TextField()
    version = models.IntegerField()
    type = models.TextField()
    schema_version = models.IntegerField()
    data = models.JSONField()
    metadata = models.JSONField()
    recorded_at = models.DateTimeField()
    hash = models.TextField()
    prev_hash = models.TextField()

    class Meta:
        managed = False
        db_table = "eventstore_event"
        ordering = ["club_id", "position"]

    def __str__(self) -> str:
        return f"{self.club_id}#{self.position} {self.stream}@{self.version} {self.type}"


class Partition(AppendOnlyModel):
    """A club with a log (a row written by the club's first append). Its head is its last
    event: appends of the club serialise on a lock, not on a row."""

    club_id = models.UUIDField(primary_key=True)

    class Meta:
        managed = False
        db_table = "eventstore_partition"

    def __str__(self) -> str:
        return f"partition of club {self.club_id}"


class IdempotencyRecord(AppendOnlyModel):
    pk = models.CompositePrimaryKey("club_id", "key")
    club_id = models.UUIDField()
    key = models.TextField()
    request_hash = models.TextField()
    stream = models.TextField()
    first_position = models.BigIntegerField()
    last_position = models.BigIntegerField()
    recorded_at = models.DateTimeField()

    class Meta:
        managed = False
        db_table = "eventstore_idempotency"

    def __str__(self) -> str:
        return f"{self.key} -> #{self.first_position}..{self.last_position}"
