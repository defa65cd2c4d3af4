from django.apps import AppConfig


class TransparencyConfig(AppConfig):
    name = "transparency"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from api_common.error_codes import error_codes_register
        from eventlog.subscriptions import ASYNC, Subscription, register_wake, subscription_register
        from transparency.api.error_codes import ERROR_CODES
        from transparency.follower import NAME, tree_progress
        from transparency.wake import transparency_wake

        error_codes_register(ERROR_CODES)
        subscription_register(
            Subscription(
                NAME,
                ASYNC,
                "the clubs' transparency logs: Merkle tree tiles and signed checkpoints",
                progress=tree_progress,
            )
        )
        register_wake("transparency-wake", transparency_wake)
