"""The Tables page's stored columns: `Table.closed` and `Table.last_activity_at`, and the
index that serves a page of them (club, closed, the last active first).

Until now the page computed both on every load, from each table's snapshot row (the type of
the last live event in `deal_events`, and `updated_at`), sorting every table of the club.
The backfill takes them from the same place, so the page lists the tables in the same order
after the upgrade. It joins the two tables on the table's id: it runs before the read models
are distributed on Citus (a plain UPDATE on single-node PostgreSQL)."""

import django.utils.timezone
from django.db import migrations, models

BACKFILL = """
UPDATE games_table t
   SET last_activity_at = s.updated_at,
       closed = COALESCE((s.deal_events -> -1 ->> 'type') = 'TableClosed', false)
  FROM games_tablestate s
 WHERE s.table_id = t.id
"""


class Migration(migrations.Migration):
    dependencies = [("games", "0011_citus_distribution")]

    operations = [
        migrations.AddField(
            model_name="table", name="closed", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="table",
            name="last_activity_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunSQL(BACKFILL, migrations.RunSQL.noop, elidable=False),
        migrations.AddIndex(
            model_name="table",
            index=models.Index(
                fields=["club", "closed", "-last_activity_at", "id"],
                name="games_table_club_activity",
            ),
        ),
    ]
