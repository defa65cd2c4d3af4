from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.subscriptions import register_inline
        from webhooks.wake import webhooks_wake

        register_inline("webhooks-wake", webhooks_wake)
