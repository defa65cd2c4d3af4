"""Positions become club positions (games.0007): translate checkpoints and deliveries, if a
log was carried. A checkpoint at old position P becomes the club's last position at or
before P (everything up to P was dealt with, so everything of the club up to there was)."""

from typing import Any

from django.db import migrations

MAP = "eventstore_position_v1"


def forward(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [MAP])
        if not cursor.fetchone()[0]:
            return
        cursor.execute(
            "UPDATE webhooks_webhookcheckpoint c SET position = coalesce("
            f"(SELECT max(m.position) FROM {MAP} m WHERE m.club_id = e.club_id "
            "AND m.old_position <= c.position), 0) "
            "FROM webhooks_webhookendpoint e WHERE e.id = c.endpoint_id"
        )
        # Negated first so that the (endpoint, position) key never collides halfway.
        cursor.execute("UPDATE webhooks_webhookdelivery SET position = -position")
        cursor.execute(
            f"UPDATE webhooks_webhookdelivery d SET position = m.position FROM {MAP} m "
            "WHERE m.old_position = -d.position"
        )


class Migration(migrations.Migration):
    dependencies = [("webhooks", "0002_job_status_words"), ("games", "0007_club_partitions")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
