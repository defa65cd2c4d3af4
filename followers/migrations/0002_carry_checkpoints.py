"""Carry the two old checkpoint tables into the subscriptions' one: every projector
generation (`projectors_projectorcheckpoint` and its club rows) under its name, and every
webhook endpoint's checkpoint (`webhooks_webhookcheckpoint`, a position in its club's
partition) as the subscription ``webhook:<endpoint id>`` with that one club row; a retry
that was waiting carries its time as ``not_before``. The old tables are dropped by
projectors.0006 and webhooks.0004, which run after this."""

from django.db import migrations

FORWARD = [
    """
    INSERT INTO followers_subscriptioncheckpoint
        (name, generation, position, active, not_before, updated_at)
    SELECT name, generation, position, active, NULL, updated_at
    FROM projectors_projectorcheckpoint
    """,
    """
    INSERT INTO followers_subscriptionclubcheckpoint (checkpoint_id, club_id, position)
    SELECT s.id, c.club_id, c.position
    FROM projectors_projectorclubcheckpoint c
    JOIN projectors_projectorcheckpoint p ON p.id = c.checkpoint_id
    JOIN followers_subscriptioncheckpoint s
        ON s.name = p.name AND s.generation = p.generation
    """,
    """
    INSERT INTO followers_subscriptioncheckpoint
        (name, generation, position, active, not_before, updated_at)
    SELECT 'webhook:' || c.endpoint_id::text, 1, c.position, true,
        (SELECT min(d.next_attempt_at) FROM webhooks_webhookdelivery d
         WHERE d.endpoint_id = c.endpoint_id AND d.status = 'queued'),
        c.updated_at
    FROM webhooks_webhookcheckpoint c
    """,
    """
    INSERT INTO followers_subscriptionclubcheckpoint (checkpoint_id, club_id, position)
    SELECT s.id, e.club_id, c.position
    FROM webhooks_webhookcheckpoint c
    JOIN webhooks_webhookendpoint e ON e.id = c.endpoint_id
    JOIN followers_subscriptioncheckpoint s ON s.name = 'webhook:' || c.endpoint_id::text
    """,
]

# Back to the old tables (recreated empty by unapplying projectors.0006 and webhooks.0004).
BACKWARD = [
    """
    INSERT INTO webhooks_webhookcheckpoint (endpoint_id, position, updated_at)
    SELECT e.id, s.position, s.updated_at
    FROM followers_subscriptioncheckpoint s
    JOIN webhooks_webhookendpoint e ON s.name = 'webhook:' || e.id::text
    WHERE s.active
    """,
    """
    UPDATE webhooks_webhookdelivery d SET next_attempt_at = s.not_before
    FROM followers_subscriptioncheckpoint s
    WHERE s.name = 'webhook:' || d.endpoint_id::text AND s.active AND d.status = 'queued'
    """,
    """
    INSERT INTO projectors_projectorcheckpoint (name, generation, position, active, updated_at)
    SELECT name, generation, position, active, updated_at
    FROM followers_subscriptioncheckpoint WHERE name NOT LIKE 'webhook:%'
    """,
    """
    INSERT INTO projectors_projectorclubcheckpoint (checkpoint_id, club_id, position)
    SELECT p.id, c.club_id, c.position
    FROM followers_subscriptionclubcheckpoint c
    JOIN followers_subscriptioncheckpoint s ON s.id = c.checkpoint_id
    JOIN projectors_projectorcheckpoint p ON p.name = s.name AND p.generation = s.generation
    """,
    "DELETE FROM followers_subscriptionclubcheckpoint",
    "DELETE FROM followers_subscriptioncheckpoint",
]


class Migration(migrations.Migration):
    dependencies = [
        ("followers", "0001_initial"),
        ("projectors", "0005_club_checkpoints"),
        ("webhooks", "0003_club_positions"),
    ]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
