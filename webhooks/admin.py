"""Read-mostly admin: endpoints are registered through the API (which shows the secret
once), so the secret never appears here."""

from django.contrib import admin

from webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ("url", "club", "active", "created_at")
    list_filter = ("active", "club")
    search_fields = ("url", "description")
    fields = ("id", "club", "url", "kinds", "description", "active", "created_at", "updated_at")
    readonly_fields = ("id", "club", "created_at", "updated_at")

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ("endpoint", "position", "kind", "status", "attempts", "failures")
    list_filter = ("status", "kind")
    readonly_fields = [f.name for f in WebhookDelivery._meta.fields]


@admin.register(WebhookAttempt)
class WebhookAttemptAdmin(admin.ModelAdmin):
    list_display = ("delivery", "number", "status_code", "succeeded", "duration_ms", "started_at")
    list_filter = ("succeeded",)
    readonly_fields = [f.name for f in WebhookAttempt._meta.fields]
