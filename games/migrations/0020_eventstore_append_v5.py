"""``eventstore_append`` version 5 and the log's CHECK as domains (``docs/performance.md``,
"Event store: the append"): the same arguments, the same answer as a named row type
(``eventstore_appended``, the OUT parameters' names and types), the same events, chains
and hashes; an existing log goes on from each club's last event.

The function is dropped and created again in this migration's transaction (no append sees
it missing). Changing the columns to the domains rewrites the event table and its indexes:
on a large log, run it in a quiet moment. On Citus the function is distributed again by its
club (``games.eventstore.citus``): dropping it dropped its distribution."""

from typing import Any

from django.db import migrations

from games.eventstore import citus, schema
from games.migrations._sql import sql, statements

DROP = f"DROP FUNCTION eventstore_append({schema.APPEND_SIGNATURE})"


def distribute_function(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if citus.is_distributed(cursor):
            cursor.execute(citus.DISTRIBUTE_FUNCTION)


class Migration(migrations.Migration):
    dependencies = [("games", "0019_import_job_language")]

    operations = [
        migrations.RunSQL(
            sql=[DROP, *statements("eventstore_v5_domains"), schema.APPENDED_TYPE, schema.APPEND_FUNCTION],
            reverse_sql=[
                DROP,
                "DROP TYPE eventstore_appended",
                *statements("eventstore_v5_domains_undo"),
                sql("eventstore_append_v4"),
            ],
        ),
        migrations.RunPython(distribute_function, distribute_function),
    ]
