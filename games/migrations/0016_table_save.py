"""``games_table_save``: a card play's state row, stored answer and append in one statement
(``sql/table_save_v1.sql``; ``docs/decisions/0006-one-statement-per-play.md``). Created on
every database; the service calls it only where the log is not distributed (on Citus the
append is delegated to the club's worker and is called on its own)."""

from django.db import migrations

from games.migrations._sql import sql

SIGNATURE = (
    "uuid, integer, text, text, text, text, text, text, text, boolean, timestamptz, "
    "uuid, text, integer, text[], integer[], text[], text, text, text[], text, text"
)


class Migration(migrations.Migration):
    dependencies = [("games", "0015_citus_read_models")]

    operations = [
        migrations.RunSQL(
            sql=[sql("table_save_v1")],
            reverse_sql=[f"DROP FUNCTION games_table_save({SIGNATURE})"],
        )
    ]
