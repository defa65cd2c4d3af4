"""The ledger: postings and balances projected from the event log (reads events only)."""

from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.subscriptions import Rebuildable, register_inline, register_rebuildable
        from ledger.projector import ledger_project
        from ledger.rebuild import ledger_rebuild

        register_inline("ledger", ledger_project)
        register_rebuildable(Rebuildable("ledger", ledger_rebuild))
