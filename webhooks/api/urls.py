from django.urls import path

from webhooks.api.views import (
    WebhookAttemptListApi,
    WebhookDetailApi,
    WebhookListCreateApi,
    WebhookUnblockApi,
)

urlpatterns = [
    path("webhooks", WebhookListCreateApi.as_view(), name="webhooks"),
    path("webhooks/<uuid:webhook_id>", WebhookDetailApi.as_view(), name="webhook"),
    path(
        "webhooks/<uuid:webhook_id>/deliveries",
        WebhookAttemptListApi.as_view(),
        name="webhook-deliveries",
    ),
    path("webhooks/<uuid:webhook_id>/unblock", WebhookUnblockApi.as_view(), name="webhook-unblock"),
]
