"""Tables: a club's table (its stream is ``table-<id>``), its inline state projection, and
the responses kept for idempotent retries of event posts.

Every table here is keyed by club as well (``docs/scaling.md``, "What is distributed"): on
Citus they are distributed by ``club_id``, co-located with the club's event log, so Citus
requires the club in every primary key, unique constraint and foreign key between them.
The database's keys are ``(id, club_id)`` / ``(table_id, club_id)`` (migration
``games.0014``), the foreign keys to the table ``(table_id, club_id)``; Django still
calls ``id`` / ``table`` the primary key (a table's id is unique on its own). Whoever
writes a row gives its ``club_id``, and a query should name the club: without it Citus
asks every shard, and a join or a ``FOR UPDATE`` across shards is refused."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone

from clubs.models import Club
from eventlog import ClubKeyed
from games.models.fields import ClubForeignKey, ClubOneToOneField
from table_stream import stream_name


class Table(ClubKeyed):
    """A table as created (`TableCreated`); what changes lives in `TableSnapshot`."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tables")
    name = models.CharField(max_length=200)
    variant = models.CharField(max_length=20)
    options = models.JSONField()
    players = models.JSONField()
    created_at = models.DateTimeField()
    # What the Tables page sorts and filters on, stored so that a page of a club's 10,000
    # tables is one index range, not a sort of every table's snapshot: whether the table is
    # closed (its last live event is `TableClosed`; an undo of the close reopens it) and when
    # its last event was logged. Kept by the table's save in the append's transaction
    # (`games_table_save`, `games.sitting.postgres`) and by its rebuild.
    closed = models.BooleanField(default=False)
    last_activity_at = models.DateTimeField(default=timezone.now)
    #: An imported table stays out of every list, read and play until its import's last
    #: chunk commits ("" then), all or nothing from the clients' view; one whose import
    #: failed midway is "abandoned" and stays out for good (its events stay in the log,
    #: which is append-only). "" for every table made otherwise.
    import_status = models.CharField(
        max_length=10,
        blank=True,
        default="",
        db_default="",  # rows written by SQL (the rebuild's upsert) are complete tables
        choices=[("", "complete"), ("importing", "importing"), ("abandoned", "abandoned")],
    )

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["club", "created_at"], name="games_table_club_created"),
            # One page of the Tables list: open (or closed) tables, the last active first.
            models.Index(
                fields=["club", "closed", "-last_activity_at", "id"],
                name="games_table_club_activity",
            ),
        ]

    #: Not a column: True on the table `table_create` answers a retried request with (its
    #: idempotency key had made this table already; nothing was written this time).
    replayed = False

    def __str__(self) -> str:
        return f"{self.name} ({self.variant})"

    @property
    def stream(self) -> str:
        return stream_name(self.id)


class TableSnapshot(ClubKeyed):
    """A table's snapshot: its fold as of the stream's last event (the engine state as a
    versioned JSON text, `games/sitting/snapshot.py`; rebuildable from the log), with what
    undo needs: the state before the current deal's `DealStarted` and the current deal's
    live (not undone) game events. Written by the write side's save, in the append's
    transaction; a cache in front of its `load`, and what the selectors read a table's
    state from. A row whose `snapshot_version` is not the current one is rebuilt from the
    log on first read (`games.sitting.rows.snapshot_repaired`)."""

    # The database's foreign key is (table_id, club_id), made by migration games.0014.
    table = ClubOneToOneField(
        Table,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="snapshot",
        db_constraint=False,
    )
    club_id = models.UUIDField()
    version = models.IntegerField()
    # "" for rows of the pickle era: never read, rebuilt from the log on first use.
    snapshot_version = models.CharField(max_length=100, default="")
    state = models.TextField(default="")
    deal_start = models.TextField(default="")
    # [{"version", "type", "data", "rulings": [RulingMade versions]}]
    deal_events = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_tablestate"  # its name before it was called a snapshot

    def __str__(self) -> str:
        return f"{self.table_id}@{self.version}"


class TableDeal(ClubKeyed):
    """A settled deal's `bourre-ruling/1` summary. The state snapshots keep only a
    placeholder per settled deal (the engine needs just their count), so an append costs
    the same at the fiftieth deal as at the first."""

    table = ClubForeignKey(
        Table, on_delete=models.CASCADE, related_name="settled_deals", db_constraint=False
    )
    club_id = models.UUIDField()
    index = models.IntegerField()
    # JSON text, not jsonb: the summary keeps the key order of `bourre-ruling/1`.
    summary = models.TextField()

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "club_id", "index"], name="games_tabledeal_unique_index"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table_id} deal {self.index}"


class TableRequest(ClubKeyed):
    """The response of an event post made with an `Idempotency-Key`, replayed on retry.
    `response` is the JSON text exactly as first sent (jsonb would reorder its keys), so a
    retry gets the same bytes."""

    table = ClubForeignKey(
        Table, on_delete=models.CASCADE, related_name="requests", db_constraint=False
    )
    club_id = models.UUIDField()
    key = models.CharField(max_length=200)
    request_hash = models.CharField(max_length=64)
    status_code = models.SmallIntegerField()
    response = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "club_id", "key"], name="games_tablerequest_unique_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table_id} {self.key}"
