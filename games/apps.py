from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.translation import gettext

        from api_common.error_codes import error_codes_register
        from games.api.error_codes import games_error_codes
        from games.engine.errors import use_translator
        from games.eventstore.privileges import grant_app_privileges

        # The engine's refusals speak the request's language (games/engine/errors.py).
        use_translator(gettext)
        # The codes of the write side's and the engine's refusals, in the API's catalogue.
        error_codes_register(games_error_codes())

        # Runs after every migrate, as the migrating (owner) role.
        post_migrate.connect(grant_app_privileges, sender=self, dispatch_uid="games-grants")

        from followers.registry import (
            INLINE,
            LIVE,
            Subscription,
            register_gate,
            subscription_register,
        )
        from games.projections.tables import tables_books, tables_project
        from games.selectors.imports import tables_import_gate
        from games.sitting import rebuild as table_state_rebuild

        # The table state: each table's row, projected inline from `TableCreated`, and its
        # snapshot, written by the write side's `save` just before the append (the same
        # transaction). Both are rebuilt by table_state_rebuild.
        subscription_register(
            Subscription(
                table_state_rebuild.NAME,
                INLINE,
                "each table's row and engine state, a versioned JSON snapshot, in the "
                "append's transaction",
                project=tables_project,
                books=tables_books,
            )
        )
        table_state_rebuild.register()
        # The checkpointed followers hold back a table being imported and pass over an
        # abandoned import (docs/events.md).
        register_gate("table_imports", tables_import_gate)
        subscription_register(
            Subscription(
                "table_transcript",
                LIVE,
                "a table's bourre-transcript/1, folded from its stream on read",
            )
        )
