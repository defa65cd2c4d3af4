from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.translation import gettext

        from api_common.error_codes import error_codes_register
        from games.api.error_codes import games_error_codes
        from games.engine.errors import use_translator

        # The engine's refusals speak the request's language (games/engine/errors.py).
        use_translator(gettext)
        # The codes of the write side's and the engine's refusals, in the API's catalogue.
        error_codes_register(games_error_codes())

        from eventlog.subscriptions import (
            INLINE,
            LIVE,
            RebuiltStreams,
            Subscription,
            register_gate,
            register_rebuilt_streams,
            subscription_register,
        )
        from games.selectors.imports import tables_import_gate
        from games.sitting import rebuild as table_state_rebuild
        from table_stream.streams import STREAM_PREFIX, table_stream_named

        # The table state: each table's row and snapshot, written by the write side's save
        # in the append's transaction (not by the registry: the game keeps its own), and
        # rebuilt from the log by table_state_rebuild.
        subscription_register(
            Subscription(
                table_state_rebuild.NAME,
                INLINE,
                "each table's row and snapshot (its engine state, a versioned JSON text), "
                "written by the table's save in the append's transaction",
            )
        )
        table_state_rebuild.register()
        # The streams a table-by-table rebuild reads: the tables'.
        register_rebuilt_streams(RebuiltStreams(STREAM_PREFIX, table_stream_named))
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
