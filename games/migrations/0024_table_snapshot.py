"""`TableState` is called what it is, a table's snapshot (`TableSnapshot`, reached from a
table as `snapshot`, no longer `projection`). Its table keeps its name, `games_tablestate`
(the save's SQL functions name it): only the models' state changes, not the database."""

import django.db.models.deletion
from django.db import migrations, models

import games.models.fields


class Migration(migrations.Migration):
    dependencies = [("games", "0023_log_models_to_eventlog")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TableSnapshot",
                    fields=[
                        (
                            "table",
                            games.models.fields.ClubOneToOneField(
                                db_constraint=False,
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="snapshot",
                                serialize=False,
                                to="games.table",
                            ),
                        ),
                        ("club_id", models.UUIDField()),
                        ("version", models.IntegerField()),
                        ("snapshot_version", models.CharField(default="", max_length=100)),
                        ("state", models.TextField(default="")),
                        ("deal_start", models.TextField(default="")),
                        ("deal_events", models.JSONField(default=list)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                    ],
                    options={"db_table": "games_tablestate"},
                ),
                migrations.DeleteModel(name="TableState"),
            ]
        )
    ]
