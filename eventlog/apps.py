from django.apps import AppConfig
from django.db.models.signals import post_migrate


class EventlogConfig(AppConfig):
    """The log of the whole service: the append-only store, its hashing, the registry of
    its followers and their wake-ups. It imports nothing of the game (`docs/events.md`)."""

    name = "eventlog"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from eventlog.privileges import grant_app_privileges

        # Runs after every migrate, as the migrating (owner) role: the application role
        # may read the log and append to it, never change it.
        post_migrate.connect(grant_app_privileges, sender=self, dispatch_uid="eventlog-grants")
