"""On Citus, the log distributed by club and the append delegated to the club's worker
(``games.eventstore.citus``); on single-node PostgreSQL, nothing.

The same migration runs on both: it looks for the ``citus`` extension in the database
(created by whoever set the cluster up, ``scripts/citus.sh``: the owner role cannot). A
database that gains the extension later gets its log distributed by running this migration
again (``migrate games 0010`` then ``migrate``). Backward, the tables are gathered back on
the coordinator."""

from typing import Any

from django.db import migrations

from games.eventstore import citus


def distribute(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.has_citus(cursor) or citus.is_distributed(cursor):
            return
        for statement in citus.DISTRIBUTE:
            cursor.execute(statement)


def gather(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.is_distributed(cursor):
            return
        for statement in citus.UNDISTRIBUTE:
            cursor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0010_eventstore_lock_per_club")]

    operations = [migrations.RunPython(distribute, gather)]
