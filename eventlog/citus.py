"""The event log distributed by club on Citus (``docs/scaling.md``, "Running it on Citus").

On a database with the ``citus`` extension, migration ``games.0011`` makes the three log
tables distributed tables sharded by ``club_id`` and co-located (a club's events, its
partition row and its idempotency keys live in one shard group, on one worker), and makes
``eventstore_append`` a distributed function whose distribution argument is the club:
Citus sends the call to the worker holding the club's shards and the whole append (the
club's lock, the reads, the hashes, the inserts) runs there, one round trip from the
coordinator. ``force_delegation`` lets it do so inside the service's transaction too (the
table's state row and the append commit together): Citus then pins that transaction's
statements on the worker to the club's shards, which the function never leaves.

The club's lock is an advisory lock, which lives in one node's memory: it serialises a
club's appends only because every append of the club runs on the node holding the club's
shards. Delegation does that; nothing else may append (a plain INSERT on the coordinator
would take no lock). When a shard moves (rebalancing), Citus blocks writes to it for the
switch-over: appends in flight finish on the old node, later ones are sent to the new one.

Without the extension (single-node PostgreSQL, the default) none of this runs.
"""

from __future__ import annotations

from typing import Any

from django.db import models

#: The anchor of the log's co-location group: distributed, the log is distributed. The
#: statements that distribute the log and the append are history, kept by the migrations
#: that ran them (games.0011, games.0020; `games.migrations._sql`).
ANCHOR = "eventstore_partition"


def has_citus(cursor: Any) -> bool:
    """Whether this database runs Citus (its extension is created in it)."""
    cursor.execute("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus')")
    return bool(cursor.fetchone()[0])


def is_distributed(cursor: Any, table: str = ANCHOR) -> bool:
    if not has_citus(cursor):
        return False
    cursor.execute(
        "SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = %s::regclass)",
        [table],
    )
    return bool(cursor.fetchone()[0])


def log_distributed(connection: Any) -> bool:
    """Whether the log is distributed where ``connection`` (Django's) points, asked once per
    server connection: there every append goes to the club's worker through the delegated
    function, called alone (``games.sitting.postgres`` keeps the table's row apart, the
    writer's one-statement append stays off)."""
    raw = connection.connection
    known = getattr(connection, "_eventstore_distributed", None)
    if known is not None and known[0] is raw:
        return bool(known[1])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT to_regclass('pg_dist_partition') IS NOT NULL"
            " AND EXISTS (SELECT 1 FROM pg_catalog.pg_extension WHERE extname = 'citus')"
        )
        (found,) = cursor.fetchone()
    connection._eventstore_distributed = (raw, found)
    return bool(found)


class ClubKeyed(models.Model):
    """A read model keyed by the club of the log it follows, distributed by club on Citus
    beside the log (migration ``games.0015``): its ``club_id`` column is in every key.

    Citus refuses an UPDATE that sets the distribution column, even to the value it has,
    and Django's ``save()`` of a row read from the database sets every column: here such a
    save leaves ``club_id`` out (a row never changes club). Writers should still name the
    club in their filters (``filter(table_id=..., club_id=...)``): without it a statement
    goes to every shard, and a ``FOR UPDATE`` or a join there is refused."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        read = not self._state.adding and self.pk is not None
        if read and not kwargs.get("force_insert") and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.column != "club_id"
            ]
        super().save(*args, **kwargs)
