"""The log's models join this app's state, as games 0023 takes them out of its own. The
tables, their functions, triggers and grants were made by games 0001-0020 (their SQL is
history, `games/migrations/sql/`); the next change to the log's schema is a migration here."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [("games", "0023_log_models_to_eventlog")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Event",
                    fields=[
                        ("pk", models.CompositePrimaryKey("club_id", "position", serialize=False)),
                        ("club_id", models.UUIDField()),
                        ("position", models.BigIntegerField()),
                        ("stream", models.TextField()),
                        ("version", models.IntegerField()),
                        ("type", models.TextField()),
                        ("schema_version", models.IntegerField()),
                        ("data", models.JSONField()),
                        ("metadata", models.JSONField()),
                        ("recorded_at", models.DateTimeField()),
                        ("hash", models.TextField()),
                        ("prev_hash", models.TextField()),
                    ],
                    options={
                        "db_table": "eventstore_event",
                        "ordering": ["club_id", "position"],
                        "managed": False,
                    },
                ),
                migrations.CreateModel(
                    name="IdempotencyRecord",
                    fields=[
                        ("pk", models.CompositePrimaryKey("club_id", "key", serialize=False)),
                        ("club_id", models.UUIDField()),
                        ("key", models.TextField()),
                        ("request_hash", models.TextField()),
                        ("stream", models.TextField()),
                        ("first_position", models.BigIntegerField()),
                        ("last_position", models.BigIntegerField()),
                        ("recorded_at", models.DateTimeField()),
                    ],
                    options={"db_table": "eventstore_idempotency", "managed": False},
                ),
                migrations.CreateModel(
                    name="Partition",
                    fields=[("club_id", models.UUIDField(primary_key=True, serialize=False))],
                    options={"db_table": "eventstore_partition", "managed": False},
                ),
            ]
        )
    ]
