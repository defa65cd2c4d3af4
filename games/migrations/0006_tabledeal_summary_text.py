"""A settled deal's summary keeps the key order of `bourre-ruling/1`: JSON text, not jsonb
(which sorts keys shortest first). Rows already stored keep jsonb's order until the next
`rebuild_projections`."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0005_tablerequest_response_text")]

    operations = [
        migrations.AlterField(
            model_name="tabledeal",
            name="summary",
            field=models.TextField(),
        ),
    ]
