"""eventstore_append finds a stream's version with a one-row index probe, not max()."""

from django.db import migrations

from games.eventstore import schema_v1 as schema


class Migration(migrations.Migration):
    dependencies = [("games", "0002_tables")]

    operations = [
        migrations.RunSQL(sql=[schema.APPEND_FUNCTION], reverse_sql=migrations.RunSQL.noop)
    ]
