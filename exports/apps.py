from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "exports"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from api_common.error_codes import error_codes_register
        from exports.api.error_codes import ERROR_CODES

        error_codes_register(ERROR_CODES)
