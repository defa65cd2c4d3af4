"""The pot ledger's read model: one row per posting leg, and one row per table.

Ordinary mutable projection tables (only the event log is append-only): the inline projector
inserts legs and marks them voided; `manage.py rebuild` may delete and rebuild them.

Both are keyed by the club whose log holds the table's events (`club_id`, in every key):
on Citus they are distributed by it, beside the log (`games/models/tables.py`).
"""

from __future__ import annotations

from django.db import models

from eventlog import ClubKeyed


class LedgerTable(ClubKeyed):
    """What the ledger knows of a table, from its `TableCreated` event, and its pot now."""

    # The database's primary key is (table_id, club_id) (migration ledger.0004).
    table_id = models.UUIDField(primary_key=True)
    #: The club whose partition of the log holds the table's events.
    club_id = models.UUIDField(db_index=True)
    name = models.CharField(max_length=200, blank=True)
    variant = models.CharField(max_length=40, blank=True)
    players = models.JSONField(default=list)
    #: The pot after the last projected posting or void (what the next posting starts from).
    pot = models.BigIntegerField(default=0)
    #: Position (in the club's partition) of the last event of this table the ledger projected.
    last_position = models.BigIntegerField(default=0)

    class Meta:
        db_table = "ledger_table"
        constraints = [
            models.CheckConstraint(condition=models.Q(pot__gte=0), name="ledger_pot_gte_0")
        ]

    def __str__(self) -> str:
        return f"{self.name or self.table_id} (pot {self.pot})"


class PostingLeg(ClubKeyed):
    """One leg of one posting (a double-entry transaction) of a `RulingMade` event."""

    table_id = models.UUIDField()
    club_id = models.UUIDField()
    position = models.BigIntegerField(help_text="position of the RulingMade event in its club")
    version = models.IntegerField(help_text="stream version of the RulingMade event")
    cause_position = models.BigIntegerField(null=True, help_text="the game event that caused it")
    cause_version = models.IntegerField(null=True)
    deal = models.IntegerField(null=True)
    ruling = models.CharField(max_length=40, help_text="RulingMade.kind")
    transaction = models.SmallIntegerField(help_text="index of the posting in the ruling")
    leg = models.SmallIntegerField(help_text="index of the leg in the posting")
    kind = models.CharField(max_length=20)
    account = models.CharField(max_length=220)
    amount = models.BigIntegerField()
    pot_after = models.BigIntegerField(help_text="running pot after this leg's posting")
    recorded_at = models.DateTimeField()
    voided_by = models.BigIntegerField(null=True, blank=True, help_text="position of the undo")

    class Meta:
        db_table = "ledger_posting_leg"
        ordering = ["table_id", "position", "transaction", "leg"]
        constraints = [
            models.UniqueConstraint(
                fields=["table_id", "club_id", "position", "transaction", "leg"],
                name="ledger_leg_unique",
            ),
        ]
        indexes = [models.Index(fields=["table_id", "version"], name="ledger_leg_version")]

    def __str__(self) -> str:
        where = f"#{self.position}.{self.transaction}.{self.leg}"
        return f"{where} {self.kind} {self.account} {self.amount}"
