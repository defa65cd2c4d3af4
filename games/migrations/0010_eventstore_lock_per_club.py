"""A lock per club instead of a head row per club (``sql/eventstore_v3_*.sql``;
``docs/decisions/0001-a-lock-per-club.md``).

An append used to lock and rewrite its club's row of ``eventstore_head``; it now takes a
transaction-scoped advisory lock keyed by the club and goes on from the club's last event.
``eventstore_partition`` keeps the list of clubs with a log, filled from the head rows. The
events, the chains and the hashing scheme are unchanged: an existing log goes on from each
club's last event. Backward, the head rows are built again from each club's last event.
The function's arguments and answer are unchanged; it is dropped and created again in this
migration's transaction (no append sees it missing).

The CHECK constraints and the collation change validate and rebuild over the whole log:
on a large log, run it in a quiet moment."""

from django.db import migrations, models

from games.migrations._sql import APPEND_SIGNATURE_V2, sql

DROP = f"DROP FUNCTION eventstore_append({APPEND_SIGNATURE_V2})"


class Migration(migrations.Migration):
    dependencies = [("games", "0009_eventstore_append_one_row")]

    operations = [
        migrations.RunSQL(
            sql=[
                DROP,
                sql("eventstore_v3_partitions"),
                sql("eventstore_v3_checks"),
                sql("eventstore_append_v4"),
            ],
            reverse_sql=[
                DROP,
                sql("eventstore_v3_partitions_undo"),
                sql("eventstore_v3_checks_undo"),
                sql("eventstore_append_v3"),
            ],
        ),
        # The models are unmanaged: their new shape is state only.
        migrations.DeleteModel(name="LogHead"),
        migrations.CreateModel(
            name="Partition",
            fields=[("club_id", models.UUIDField(primary_key=True, serialize=False))],
            options={"db_table": "eventstore_partition", "managed": False},
        ),
    ]
