"""``eventstore_append`` version 5 and the log's CHECK as domains
(``docs/decisions/0003-append-function-version-5.md``): the same arguments, the same answer as a named row type
(``eventstore_appended``, the OUT parameters' names and types), the same events, chains
and hashes; an existing log goes on from each club's last event.

The function is dropped and created again in this migration's transaction (no append sees
it missing). Changing the columns to the domains rewrites the event table and its indexes:
on a large log, run it in a quiet moment. On Citus the function is distributed again by its
club (``eventlog.citus``): dropping it dropped its distribution."""

from typing import Any

from django.db import migrations

from eventlog import citus
from games.migrations._sql import APPEND_SIGNATURE_V2, DISTRIBUTE_APPEND_V2, sql, statements

DROP = f"DROP FUNCTION eventstore_append({APPEND_SIGNATURE_V2})"


def distribute_function(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if citus.is_distributed(cursor):
            cursor.execute(DISTRIBUTE_APPEND_V2)


class Migration(migrations.Migration):
    dependencies = [("games", "0019_import_job_language")]

    operations = [
        migrations.RunSQL(
            sql=[
                DROP,
                *statements("eventstore_v5_domains"),
                sql("eventstore_appended_v5"),
                sql("eventstore_append_v5"),
            ],
            reverse_sql=[
                DROP,
                "DROP TYPE eventstore_appended",
                *statements("eventstore_v5_domains_undo"),
                sql("eventstore_append_v4"),
            ],
        ),
        migrations.RunPython(distribute_function, distribute_function),
    ]
