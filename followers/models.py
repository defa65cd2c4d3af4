"""The checkpoints of every asynchronous subscription (projectors, webhook endpoints).

One row per generation of a subscription's read model; the `active` row is the live one
(one per name). The log is partitioned by club, so how far a generation has read is one
`SubscriptionClubCheckpoint` per club; `position` is their sum (the number of events dealt
with: the followed clubs' heads minus it is the lag). A checkpoint and whatever its
handler wrote commit together, under this row's lock (`followers.framework`).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from eventlog import ClubKeyed


class SubscriptionCheckpoint(models.Model):
    """How far one generation of a subscription has read the log, and when it may go on.

    A row of its own, locked (``FOR UPDATE SKIP LOCKED``) by the one worker that advances
    it, even through a handler's HTTP request: nothing else (a webhook endpoint's row, a
    read model) waits for that lock."""

    name = models.CharField(max_length=100)
    generation = models.IntegerField()
    position = models.BigIntegerField(default=0)
    active = models.BooleanField(default=False)
    # Set by a handler that stopped to back off (a failed webhook delivery): no batch
    # runs before it. Null: go on whenever woken.
    not_before = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["name", "generation"], name="followers_checkpoint_generation"
            ),
            models.UniqueConstraint(
                fields=["name"], condition=Q(active=True), name="followers_checkpoint_one_active"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name}#{self.generation}@{self.position}"


class SubscriptionClubCheckpoint(ClubKeyed):
    """Every event of the club's partition at or before `position` has been dealt with.

    Keyed by club too (the database's primary key is (id, club_id), migration
    followers.0003): on Citus it is distributed by club beside the club's log, and its
    foreign key to the checkpoint (a table on the coordinator) is dropped there."""

    checkpoint = models.ForeignKey(
        SubscriptionCheckpoint, on_delete=models.CASCADE, related_name="clubs"
    )
    club_id = models.UUIDField()
    position = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["checkpoint", "club_id"], name="followers_club_checkpoint_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.checkpoint_id}/{self.club_id}@{self.position}"
