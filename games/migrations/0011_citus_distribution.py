"""On Citus, the log distributed by club and the append delegated to the club's worker
(``eventlog.citus``); on single-node PostgreSQL, nothing.

The same migration runs on both: it looks for the ``citus`` extension in the database
(created by whoever set the cluster up, ``scripts/citus.sh``: the owner role cannot). A
database that gains the extension later gets its log distributed by running this migration
again (``migrate games 0010`` then ``migrate``). Backward, the tables are gathered back on
the coordinator."""

from typing import Any

from django.db import migrations

from eventlog import citus
from games.migrations._sql import DISTRIBUTE_APPEND_V2

# The statements as they were when the log was first distributed (a migration keeps its own;
# the runtime's `eventlog.citus` only asks whether the log is distributed).
TABLES = ("eventstore_partition", "eventstore_event", "eventstore_idempotency")
ANCHOR = TABLES[0]  # the co-location group's anchor, distributed first
# The log's row triggers only refuse UPDATE and DELETE (they read nothing, so none of the
# visibility issues the setting warns about); Citus asks for it to distribute a table that
# has any trigger. TRUNCATE triggers are kept on the coordinator's table.
# Sequential: the function is distributed in the transaction that distributed the tables,
# which Citus allows only over one connection per node.
DISTRIBUTE = [
    "SET LOCAL citus.enable_unsafe_triggers = on",
    "SET LOCAL citus.multi_shard_modify_mode = 'sequential'",
    *(
        f"SELECT create_distributed_table('{table}', 'club_id'"
        + (f", colocate_with => '{ANCHOR}')" if table != ANCHOR else ")")
        for table in TABLES
    ),
    DISTRIBUTE_APPEND_V2,
]
UNDISTRIBUTE = [
    f"SELECT undistribute_table('{table}', cascade_via_foreign_keys => false)"
    for table in reversed(TABLES)
]


def distribute(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.has_citus(cursor) or citus.is_distributed(cursor):
            return
        for statement in DISTRIBUTE:
            cursor.execute(statement)


def gather(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.is_distributed(cursor):
            return
        for statement in UNDISTRIBUTE:
            cursor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0010_eventstore_lock_per_club")]

    operations = [migrations.RunPython(distribute, gather)]
