"""An endpoint's checkpoint is the subscription ``webhook:<id>`` of `followers` now
(followers.0002 carried the rows, and a queued delivery's retry time as the checkpoint's
``not_before``): drop the old table and the delivery's own copy of that time."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0003_club_positions"),
        ("followers", "0002_carry_checkpoints"),
    ]

    operations = [
        migrations.DeleteModel(name="WebhookCheckpoint"),
        migrations.RemoveField(model_name="webhookdelivery", name="next_attempt_at"),
    ]
