from django.apps import AppConfig


class FollowersConfig(AppConfig):
    name = "followers"
    default_auto_field = "django.db.models.BigAutoField"
