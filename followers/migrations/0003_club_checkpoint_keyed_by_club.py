"""A subscription's club checkpoints keyed by club as well (primary key ``(id, club_id)``),
for Citus to distribute them beside the club's log (``games.0015``)."""

from django.db import migrations

TABLE = "followers_subscriptionclubcheckpoint"


class Migration(migrations.Migration):
    dependencies = [("followers", "0002_carry_checkpoints")]

    operations = [
        migrations.RunSQL(
            f"ALTER TABLE {TABLE} DROP CONSTRAINT {TABLE}_pkey,"
            f" ADD CONSTRAINT {TABLE}_pkey PRIMARY KEY (id, club_id)",
            f"ALTER TABLE {TABLE} DROP CONSTRAINT {TABLE}_pkey,"
            f" ADD CONSTRAINT {TABLE}_pkey PRIMARY KEY (id)",
        ),
    ]
