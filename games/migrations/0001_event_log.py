from django.db import migrations, models

from games.migrations._sql import sql


class Migration(migrations.Migration):
    initial = True
    dependencies: list = []

    operations = [
        migrations.RunSQL(
            sql=[sql("eventstore_v1_tables"), sql("eventstore_v1_triggers"), sql("eventstore_append_v1")],
            reverse_sql=[sql("eventstore_v1_drop")],
        ),
        migrations.CreateModel(
            name="Event",
            fields=[
                ("position", models.BigIntegerField(primary_key=True, serialize=False)),
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
            options={"db_table": "eventstore_event", "ordering": ["position"], "managed": False},
        ),
        migrations.CreateModel(
            name="LogHead",
            fields=[
                ("id", models.SmallIntegerField(primary_key=True, serialize=False)),
                ("last_position", models.BigIntegerField()),
                ("last_hash", models.TextField()),
            ],
            options={"db_table": "eventstore_head", "managed": False},
        ),
        migrations.CreateModel(
            name="IdempotencyRecord",
            fields=[
                ("key", models.TextField(primary_key=True, serialize=False)),
                ("request_hash", models.TextField()),
                ("stream", models.TextField()),
                ("first_position", models.BigIntegerField()),
                ("last_position", models.BigIntegerField()),
                ("recorded_at", models.DateTimeField()),
            ],
            options={"db_table": "eventstore_idempotency", "managed": False},
        ),
    ]
