from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.eventstore.privileges import grant_app_privileges

        # Runs after every migrate, as the migrating (owner) role.
        post_migrate.connect(grant_app_privileges, sender=self, dispatch_uid="games-grants")

        from games.projections import table_state_rebuild

        table_state_rebuild.register()
