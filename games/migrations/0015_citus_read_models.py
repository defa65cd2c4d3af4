"""On Citus, the read models keyed by table distributed by club, co-located with the log
(``docs/scaling.md``, "What is distributed"); on single-node PostgreSQL, nothing.

A club's tables, their state rows, deal summaries, stored answers, ledger rows and legs,
and the followers' checkpoints of the club are then in the club's shard group, on the
worker that holds its events: a card play's transaction (the state row, the append, the
inline ledger) runs on that one worker.

Citus refuses a foreign key from a distributed table to a table on the coordinator and
the reverse, so three are dropped here (kept on single-node PostgreSQL):
``games_table.club_id -> clubs_club`` (a table is created by the service for the club of
the key or member asking, and a club is never deleted while it has tables: PROTECT),
``live_viewer -> games_table`` (a viewer is made for a table the service has just read)
and ``followers_subscriptionclubcheckpoint -> followers_subscriptioncheckpoint`` (deleted
with their checkpoint by Django's cascade). The composite foreign keys between the
distributed tables (``games.0014``) are dropped for the distribution and made again on
the distributed tables: Citus keeps them, shard to shard."""

from typing import Any

from django.db import migrations

from eventlog import citus

ANCHOR = "eventstore_partition"  # the log's co-location group (games.0011)
#: Distributed in this order (a referenced table before the tables referencing it).
READ_MODELS = (
    "games_table",
    "games_tablestate",
    "games_tabledeal",
    "games_tablerequest",
    "ledger_table",
    "ledger_posting_leg",
    "followers_subscriptionclubcheckpoint",
)
CLUB_FOREIGN_KEYS = ("games_tablestate", "games_tabledeal", "games_tablerequest")
#: (table, referenced table, the name and definition to make it again going back)
COORDINATOR_FOREIGN_KEYS = (
    (
        "games_table",
        "clubs_club",
        "games_table_club_id_fk_clubs_club_id FOREIGN KEY (club_id) REFERENCES clubs_club (id)",
    ),
    (
        "live_viewer",
        "games_table",
        "live_viewer_table_club_fk FOREIGN KEY (table_id, club_id)"
        " REFERENCES games_table (id, club_id)",
    ),
    (
        "followers_subscriptionclubcheckpoint",
        "followers_subscriptioncheckpoint",
        "followers_clubcheckpoint_checkpoint_id_fk FOREIGN KEY (checkpoint_id)"
        " REFERENCES followers_subscriptioncheckpoint (id)",
    ),
)


def _club_fk(table: str) -> str:
    return (
        f"ALTER TABLE {table} ADD CONSTRAINT {table}_table_club_fk FOREIGN KEY (table_id, club_id)"
        " REFERENCES games_table (id, club_id) DEFERRABLE INITIALLY DEFERRED"
    )


def _foreign_keys(cursor: Any, table: str, referenced: str) -> list[str]:
    cursor.execute(
        "SELECT conname FROM pg_constraint WHERE contype = 'f'"
        " AND conrelid = %s::regclass AND confrelid = %s::regclass",
        [table, referenced],
    )
    return [name for (name,) in cursor.fetchall()]


def distribute(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.has_citus(cursor) or citus.is_distributed(cursor, READ_MODELS[0]):
            return
        cursor.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
        for table, referenced, _ in COORDINATOR_FOREIGN_KEYS:
            for name in _foreign_keys(cursor, table, referenced):
                cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
        for table in CLUB_FOREIGN_KEYS:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {table}_table_club_fk")
        for table in READ_MODELS:
            cursor.execute(
                "SELECT create_distributed_table(%s, 'club_id', colocate_with => %s)",
                [table, ANCHOR],
            )
        for table in CLUB_FOREIGN_KEYS:
            cursor.execute(_club_fk(table))


def gather(apps: Any, schema_editor: Any) -> None:
    with schema_editor.connection.cursor() as cursor:
        if not citus.is_distributed(cursor, READ_MODELS[0]):
            return
        cursor.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
        for table in CLUB_FOREIGN_KEYS:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {table}_table_club_fk")
        for table in reversed(READ_MODELS):
            cursor.execute("SELECT undistribute_table(%s)", [table])
        for table in CLUB_FOREIGN_KEYS:
            cursor.execute(_club_fk(table))
        for table, _, definition in COORDINATOR_FOREIGN_KEYS:
            cursor.execute(
                f"ALTER TABLE {table} ADD CONSTRAINT {definition} DEFERRABLE INITIALLY DEFERRED"
            )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_read_models_keyed_by_club"),
        ("ledger", "0004_keyed_by_club"),
        ("followers", "0003_club_checkpoint_keyed_by_club"),
        ("live", "0002_viewer_table_by_club"),
    ]

    operations = [migrations.RunPython(distribute, gather)]
