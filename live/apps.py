from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Live views"

    def ready(self) -> None:
        from eventlog.subscriptions import register_wake
        from live.feed import table_moved

        # After every append's commit, the live views hear of the table's new version.
        register_wake("live", table_moved)
