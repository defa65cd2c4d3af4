from django.apps import AppConfig


class ProjectorsConfig(AppConfig):
    name = "projectors"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.subscriptions import ASYNC, Subscription, register_wake, subscription_register
        from projectors.framework import projector_register
        from projectors.player_stats import PlayerStatsProjector
        from projectors.wake import projectors_wake

        stats = PlayerStatsProjector()
        projector_register(stats)
        summary = "player statistics and standings per club (checkpointed, rebuilt by generation)"
        subscription_register(Subscription(stats.name, ASYNC, summary))
        # Runs inside every append's transaction; enqueues one catch-up after commit.
        register_wake("projectors-wake", projectors_wake)
