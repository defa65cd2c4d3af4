"""``games_table_save`` version 2: the state row's expected version as an argument
(``sql/table_save_v2.sql``; ``docs/decisions/0007-no-lock-before-the-plays-write.md``), so
a card play decided on the snapshot its process keeps is written without a lock before."""

from django.db import migrations

from games.migrations._sql import sql

SIGNATURE = (
    "uuid, integer, text, text, text, text, text, text, text, boolean, timestamptz, integer, "
    "uuid, text, integer, text[], integer[], text[], text, text, text[], text, text"
)


class Migration(migrations.Migration):
    dependencies = [("games", "0017_import_jobs")]

    operations = [
        migrations.RunSQL(
            sql=[sql("table_save_v2")],
            reverse_sql=[f"DROP FUNCTION games_table_save({SIGNATURE})", sql("table_save_v1")],
        )
    ]
