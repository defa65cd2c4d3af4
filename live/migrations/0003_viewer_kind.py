"""A viewer link opens the players' view or the TV display (`Viewer.kind`); the links made
before are the players'."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('live', '0002_viewer_table_by_club'),
    ]

    operations = [
        migrations.AddField(
            model_name='viewer',
            name='kind',
            field=models.CharField(choices=[('players', 'players'), ('display', 'display')], default='players', max_length=10),
        ),
    ]
