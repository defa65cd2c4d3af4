"""Table-state rows become versioned JSON snapshots (never a pickle again).

The pickled rows are not converted: their `snapshot_version` is "" (not the current one),
so each is rebuilt from the log the first time it is used (`table_state_store`)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0007_club_partitions")]

    operations = [
        migrations.RemoveField(model_name="tablestate", name="state"),
        migrations.RemoveField(model_name="tablestate", name="deal_start"),
        migrations.AddField(
            model_name="tablestate",
            name="snapshot_version",
            field=models.CharField(default="", max_length=100),
        ),
        migrations.AddField(
            model_name="tablestate", name="state", field=models.TextField(default="")
        ),
        migrations.AddField(
            model_name="tablestate", name="deal_start", field=models.TextField(default="")
        ),
    ]
