"""The ledger's rows keyed by club as well, for Citus to distribute them beside the log
(``games.0015``); the same keys on single-node PostgreSQL.

``ledger_table.club_id`` becomes the uuid of the club whose partition holds the table's
events (it was the text of `TableCreated`'s ``club_id``, "" when the event named none: such
a table's events are in the partition of the zero club, ``games.0007``); the legs gain
the same column, filled from their table's row; both primary keys and the legs' unique
constraint include it."""

from django.db import migrations, models

ZERO_CLUB = "00000000-0000-0000-0000-000000000000"


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_leg_position_help")]

    operations = [
        migrations.RunSQL(
            f"UPDATE ledger_table SET club_id = '{ZERO_CLUB}' WHERE club_id = ''",
            migrations.RunSQL.noop,
        ),
        migrations.AlterField(
            model_name="ledgertable", name="club_id", field=models.UUIDField(db_index=True)
        ),
        migrations.RemoveConstraint(model_name="postingleg", name="ledger_leg_unique"),
        migrations.AddField(
            model_name="postingleg", name="club_id", field=models.UUIDField(null=True)
        ),
        migrations.RunSQL(
            "UPDATE ledger_posting_leg l SET club_id = t.club_id FROM ledger_table t"
            " WHERE t.table_id = l.table_id",
            migrations.RunSQL.noop,
        ),
        migrations.RunSQL(
            f"UPDATE ledger_posting_leg SET club_id = '{ZERO_CLUB}' WHERE club_id IS NULL",
            migrations.RunSQL.noop,
        ),
        migrations.AlterField(model_name="postingleg", name="club_id", field=models.UUIDField()),
        migrations.AddConstraint(
            model_name="postingleg",
            constraint=models.UniqueConstraint(
                fields=("table_id", "club_id", "position", "transaction", "leg"),
                name="ledger_leg_unique",
            ),
        ),
        migrations.RunSQL(
            "ALTER TABLE ledger_table DROP CONSTRAINT ledger_table_pkey,"
            " ADD CONSTRAINT ledger_table_pkey PRIMARY KEY (table_id, club_id)",
            "ALTER TABLE ledger_table DROP CONSTRAINT ledger_table_pkey,"
            " ADD CONSTRAINT ledger_table_pkey PRIMARY KEY (table_id)",
        ),
        migrations.RunSQL(
            "ALTER TABLE ledger_posting_leg DROP CONSTRAINT ledger_posting_leg_pkey,"
            " ADD CONSTRAINT ledger_posting_leg_pkey PRIMARY KEY (id, club_id)",
            "ALTER TABLE ledger_posting_leg DROP CONSTRAINT ledger_posting_leg_pkey,"
            " ADD CONSTRAINT ledger_posting_leg_pkey PRIMARY KEY (id)",
        ),
    ]
