"""The checkpoints moved to `followers` (followers.0002 carried the rows): drop them here."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("projectors", "0005_club_checkpoints"),
        ("followers", "0002_carry_checkpoints"),
    ]

    operations = [
        migrations.DeleteModel(name="ProjectorClubCheckpoint"),
        migrations.DeleteModel(name="ProjectorCheckpoint"),
    ]
