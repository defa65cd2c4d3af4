"""An idempotent retry replays the first response byte for byte: keep it as JSON text
(jsonb reorders keys). Existing rows keep their content, in jsonb's order."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0004_table_deals")]

    operations = [
        migrations.AlterField(
            model_name="tablerequest",
            name="response",
            field=models.TextField(),
        ),
    ]
