from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "exports"
    default_auto_field = "django.db.models.BigAutoField"
