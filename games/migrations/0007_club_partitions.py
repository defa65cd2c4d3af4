"""The event log partitioned by club (see ``games/migrations/_carry.py``)."""

from typing import Any

from django.db import migrations, models

from games.migrations import _carry as carry


def forward(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        carry.forward(cursor)


def backward(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        carry.backward(cursor)


class Migration(migrations.Migration):
    dependencies = [("games", "0006_tabledeal_summary_text")]

    operations = [
        migrations.RunPython(forward, backward),
        # The models are unmanaged: their new shape is state only.
        migrations.DeleteModel(name="Event"),
        migrations.DeleteModel(name="LogHead"),
        migrations.DeleteModel(name="IdempotencyRecord"),
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
            name="LogHead",
            fields=[
                ("club_id", models.UUIDField(primary_key=True, serialize=False)),
                ("last_position", models.BigIntegerField()),
                ("last_hash", models.TextField()),
            ],
            options={"db_table": "eventstore_head", "managed": False},
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
    ]
