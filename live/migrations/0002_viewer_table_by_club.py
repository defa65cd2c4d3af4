"""The viewer's foreign key to its table names the club as well, the table's key since
``games.0014`` (which dropped the old one with the table's old primary key)."""

from django.db import migrations, models

from games.models.fields import ClubForeignKey


class Migration(migrations.Migration):
    dependencies = [("live", "0001_initial"), ("games", "0014_read_models_keyed_by_club")]

    operations = [
        # The state only: the old foreign key went with games.0014, which also makes it
        # again going back (after this migration is undone, before the old key is back).
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="viewer",
                    name="table",
                    field=ClubForeignKey(
                        db_constraint=False,
                        on_delete=models.deletion.CASCADE,
                        related_name="+",
                        to="games.table",
                    ),
                )
            ]
        ),
        migrations.RunSQL(
            "ALTER TABLE live_viewer ADD CONSTRAINT live_viewer_table_club_fk"
            " FOREIGN KEY (table_id, club_id) REFERENCES games_table (id, club_id)"
            " DEFERRABLE INITIALLY DEFERRED",
            "ALTER TABLE live_viewer DROP CONSTRAINT live_viewer_table_club_fk",
        ),
    ]
