"""The log's three models (unmanaged: their tables are the SQL of 0001-0020) leave the games
app's state for the eventlog app's (eventlog 0001). Nothing in the database changes."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0022_import_refusals_as_data")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Event"),
                migrations.DeleteModel(name="IdempotencyRecord"),
                migrations.DeleteModel(name="Partition"),
            ]
        )
    ]
