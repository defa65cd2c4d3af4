from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from api_common.error_codes import error_codes_register
        from clubs.api.error_codes import ERROR_CODES
        from clubs.keycache import keys_changed
        from clubs.models import ApiKey, Club

        error_codes_register(ERROR_CODES)

        for model in (ApiKey, Club):
            post_save.connect(keys_changed, sender=model, dispatch_uid=f"keycache-{model}")
            post_delete.connect(keys_changed, sender=model, dispatch_uid=f"keycache-d-{model}")
