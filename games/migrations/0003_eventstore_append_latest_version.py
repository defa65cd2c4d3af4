"""eventstore_append finds a stream's version with a one-row index probe, not max()."""

from django.db import migrations

from games.migrations._sql import sql


class Migration(migrations.Migration):
    dependencies = [("games", "0002_tables")]

    operations = [
        migrations.RunSQL(sql=[sql("eventstore_append_v1")], reverse_sql=migrations.RunSQL.noop)
    ]
