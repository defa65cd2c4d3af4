from django.apps import AppConfig


class ProjectorsConfig(AppConfig):
    name = "projectors"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from api_common.error_codes import error_codes_register
        from eventlog.subscriptions import register_wake
        from projectors.api.error_codes import ERROR_CODES
        from projectors.framework import projector_register
        from projectors.player_stats import PlayerStatsProjector
        from projectors.wake import projectors_wake

        error_codes_register(ERROR_CODES)
        projector_register(
            PlayerStatsProjector(),
            "player statistics and standings per club (checkpointed, rebuilt by generation)",
        )
        # Runs after every append's commit, in the background waker: one catch-up each.
        register_wake("projectors-wake", projectors_wake)
