from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0012_table_listing_columns")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="import_status",
            field=models.CharField(
                blank=True,
                choices=[("", "complete"), ("importing", "importing"), ("abandoned", "abandoned")],
                default="",
        db_default="",  # rows written by SQL (the rebuild's upsert) are complete tables
                max_length=10,
            ),
        ),
    ]
