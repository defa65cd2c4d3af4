"""Positions become club positions (games.0007): translate the ledger's, if a log was carried."""

from typing import Any

from django.db import migrations

MAP = "eventstore_position_v1"


def forward(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [MAP])
        if not cursor.fetchone()[0]:
            return
        # Negated first: the new positions are smaller, and the unique key must not collide
        # halfway through the statement.
        cursor.execute("UPDATE ledger_posting_leg SET position = -position")
        cursor.execute(
            f"UPDATE ledger_posting_leg l SET position = m.position FROM {MAP} m "
            "WHERE m.old_position = -l.position"
        )
        for column in ("cause_position", "voided_by"):
            cursor.execute(
                f"UPDATE ledger_posting_leg l SET {column} = m.position FROM {MAP} m "
                f"WHERE m.old_position = l.{column}"
            )
        cursor.execute(
            f"UPDATE ledger_table t SET last_position = m.position FROM {MAP} m "
            "WHERE m.old_position = t.last_position"
        )


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial"), ("games", "0007_club_partitions")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
