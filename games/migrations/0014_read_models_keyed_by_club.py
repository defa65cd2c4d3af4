"""The table's read models keyed by club as well: what Citus needs to distribute them by
club beside the log (``games.0015``), and the same keys on single-node PostgreSQL.

Citus accepts a primary key, a unique constraint or a foreign key on a distributed table
only if it includes the distribution column. So:

- ``games_tablestate``, ``games_tabledeal`` and ``games_tablerequest`` gain ``club_id``
  (their table's club, filled in here), and their unique constraints include it;
- the primary keys become ``games_table (id, club_id)``, ``games_tablestate (table_id,
  club_id)``, ``games_tabledeal`` / ``games_tablerequest (id, club_id)``;
- the foreign keys to the table become ``(table_id, club_id) -> games_table (id, club_id)``
  (Django's own, on ``table_id`` alone, are dropped: it cannot declare a composite one).
  Dropping ``games_table``'s old primary key drops the viewers' foreign key with it;
  ``live.0002`` makes it again, with the club.

Django still sees ``id`` / ``table`` as the primary keys: a table's id is unique on its
own, only the database's constraints name the club too."""

from django.db import migrations, models

from games.models.fields import ClubForeignKey, ClubOneToOneField

COMPOSITE_FOREIGN_KEY = (
    "ALTER TABLE {table} ADD CONSTRAINT {table}_table_club_fk FOREIGN KEY (table_id, club_id)"
    " REFERENCES games_table (id, club_id) DEFERRABLE INITIALLY DEFERRED"
)
READ_MODELS = ("games_tablestate", "games_tabledeal", "games_tablerequest")


def primary_key(table: str, columns: str, old: str) -> migrations.RunSQL:
    return migrations.RunSQL(
        f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey,"
        f" ADD CONSTRAINT {table}_pkey PRIMARY KEY ({columns})",
        f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey,"
        f" ADD CONSTRAINT {table}_pkey PRIMARY KEY ({old})",
    )


def club_column(model: str) -> list[migrations.operations.base.Operation]:
    table = f"games_{model}"
    return [
        migrations.AddField(model_name=model, name="club_id", field=models.UUIDField(null=True)),
        migrations.RunSQL(
            f"UPDATE {table} r SET club_id = t.club_id FROM games_table t WHERE t.id = r.table_id",
            migrations.RunSQL.noop,
        ),
        migrations.AlterField(model_name=model, name="club_id", field=models.UUIDField()),
    ]


class Migration(migrations.Migration):
    # live.0001: the viewers' foreign key exists before the key it points at is changed.
    dependencies = [("games", "0013_table_import_status"), ("live", "0001_initial")]

    operations = [
        migrations.AlterField(
            model_name="tablestate",
            name="table",
            field=ClubOneToOneField(
                db_constraint=False,
                on_delete=models.deletion.CASCADE,
                primary_key=True,
                related_name="projection",
                serialize=False,
                to="games.table",
            ),
        ),
        migrations.AlterField(
            model_name="tabledeal",
            name="table",
            field=ClubForeignKey(
                db_constraint=False,
                on_delete=models.deletion.CASCADE,
                related_name="settled_deals",
                to="games.table",
            ),
        ),
        migrations.AlterField(
            model_name="tablerequest",
            name="table",
            field=ClubForeignKey(
                db_constraint=False,
                on_delete=models.deletion.CASCADE,
                related_name="requests",
                to="games.table",
            ),
        ),
        migrations.RemoveConstraint(model_name="tabledeal", name="games_tabledeal_unique_index"),
        migrations.RemoveConstraint(model_name="tablerequest", name="games_tablerequest_unique_key"),
        *club_column("tablestate"),
        *club_column("tabledeal"),
        *club_column("tablerequest"),
        migrations.AddConstraint(
            model_name="tabledeal",
            constraint=models.UniqueConstraint(
                fields=("table", "club_id", "index"), name="games_tabledeal_unique_index"
            ),
        ),
        migrations.AddConstraint(
            model_name="tablerequest",
            constraint=models.UniqueConstraint(
                fields=("table", "club_id", "key"), name="games_tablerequest_unique_key"
            ),
        ),
        # CASCADE: the viewers' foreign key on the old key goes too (live.0002 remakes it
        # with the club; going back, it is made again here, on the old key).
        migrations.RunSQL(
            "ALTER TABLE games_table DROP CONSTRAINT games_table_pkey CASCADE,"
            " ADD CONSTRAINT games_table_pkey PRIMARY KEY (id, club_id)",
            "ALTER TABLE games_table DROP CONSTRAINT games_table_pkey CASCADE,"
            " ADD CONSTRAINT games_table_pkey PRIMARY KEY (id);"
            " ALTER TABLE live_viewer ADD CONSTRAINT live_viewer_table_id_fk_games_table_id"
            " FOREIGN KEY (table_id) REFERENCES games_table (id) DEFERRABLE INITIALLY DEFERRED",
        ),
        primary_key("games_tablestate", "table_id, club_id", "table_id"),
        primary_key("games_tabledeal", "id, club_id", "id"),
        primary_key("games_tablerequest", "id, club_id", "id"),
        *(
            migrations.RunSQL(
                COMPOSITE_FOREIGN_KEY.format(table=table),
                f"ALTER TABLE {table} DROP CONSTRAINT {table}_table_club_fk",
            )
            for table in READ_MODELS
        ),
    ]
