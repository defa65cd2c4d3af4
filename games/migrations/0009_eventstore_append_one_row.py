"""A cheaper append: ``eventstore_append`` answers with one row of scalars and runs fewer
statements (one event: one statement hashes, inserts and moves the head; more: one insert
for all of them); ``docs/decisions/0002-the-append-prepared-on-libpq.md``.

The tables, the hashing scheme and the chains are unchanged: an existing log goes on from
each club's head as it is. Its argument list is the same; its result is not, so it is
dropped and created again (in this migration's transaction: no append sees it missing)."""

from django.db import migrations

from games.migrations._sql import APPEND_SIGNATURE_V2, sql

DROP = f"DROP FUNCTION eventstore_append({APPEND_SIGNATURE_V2})"


class Migration(migrations.Migration):
    dependencies = [("games", "0008_table_state_snapshots")]

    operations = [
        migrations.RunSQL(
            sql=[DROP, sql("eventstore_append_v3")],
            reverse_sql=[DROP, sql("eventstore_append_v2")],
        )
    ]
