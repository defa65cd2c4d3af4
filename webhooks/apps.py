from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_delete


class WebhooksConfig(AppConfig):
    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from eventlog.subscriptions import (
            ASYNC,
            Subscription,
            register_wake,
            subscription_register,
        )
        from webhooks.selectors import webhooks_progress
        from webhooks.table_clubs import table_clubs_rebuild
        from webhooks.wake import NAME, webhooks_wake

        subscription_register(
            Subscription(
                NAME,
                ASYNC,
                "signed deliveries to each endpoint, in its club's log order (one "
                "subscription per endpoint, webhook:<id>); a rebuild rebuilds the "
                "table-to-club index, never re-sends",
                rebuild=table_clubs_rebuild,
                progress=webhooks_progress,
            )
        )
        register_wake("webhooks-wake", webhooks_wake)
        post_delete.connect(_forget, sender="webhooks.WebhookEndpoint", weak=False)


def _forget(sender: object, instance: Any, **kwargs: Any) -> None:
    from webhooks.delivery import endpoint_forget

    endpoint_forget(endpoint_id=instance.pk)
