"""Tiles and checkpoints are written once: triggers refuse an UPDATE or a DELETE (a test's
flush still TRUNCATEs them, as it does every read model). On Citus, the club's tree, tiles,
checkpoints and cosignatures are distributed by club, co-located with the club's log
(``docs/scaling.md``); on single-node PostgreSQL, nothing more."""

from typing import Any

from django.db import migrations

from eventlog import citus

ANCHOR = "eventstore_partition"
TABLES = (
    "transparency_tree",
    "transparency_tile",
    "transparency_checkpoint",
    "transparency_cosignature",
)
WRITTEN_ONCE = ("transparency_tile", "transparency_checkpoint")

GUARD = """
CREATE OR REPLACE FUNCTION transparency_written_once() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the transparency log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'check_violation';
END
$$;
"""


def _trigger(table: str) -> str:
    return (
        f"CREATE TRIGGER {table}_written_once BEFORE UPDATE OR DELETE ON {table}"
        " FOR EACH ROW EXECUTE FUNCTION transparency_written_once()"
    )


def guard(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(GUARD)
        for table in WRITTEN_ONCE:
            cursor.execute(_trigger(table))


def unguard(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        for table in WRITTEN_ONCE:
            cursor.execute(f"DROP TRIGGER IF EXISTS {table}_written_once ON {table}")
        cursor.execute("DROP FUNCTION IF EXISTS transparency_written_once()")


def distribute(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.has_citus(cursor) or citus.is_distributed(cursor, TABLES[0]):
            return
        cursor.execute("SET LOCAL citus.enable_unsafe_triggers = on")
        cursor.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
        for table in TABLES:
            cursor.execute(
                "SELECT create_distributed_table(%s, 'club_id', colocate_with => %s)",
                [table, ANCHOR],
            )


def gather(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.is_distributed(cursor, TABLES[0]):
            return
        cursor.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
        for table in reversed(TABLES):
            cursor.execute("SELECT undistribute_table(%s)", [table])


class Migration(migrations.Migration):
    dependencies = [
        ("transparency", "0001_initial"),
        ("games", "0015_citus_read_models"),
    ]

    operations = [
        migrations.RunPython(guard, unguard),
        migrations.RunPython(distribute, gather),
    ]
