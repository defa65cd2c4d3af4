"""The ledger: postings and balances projected from the event log (reads events only)."""

from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from api_common.error_codes import error_codes_register
        from eventlog.subscriptions import INLINE, Subscription, subscription_register
        from ledger.api.error_codes import ERROR_CODES
        from ledger.projector import ledger_books, ledger_project
        from ledger.rebuild import LedgerPass, ledger_rebuild

        error_codes_register(ERROR_CODES)

        subscription_register(
            Subscription(
                "ledger",
                INLINE,
                "each table's postings, balances and pot, in the append's transaction",
                project=ledger_project,
                books=ledger_books,
                rebuild=ledger_rebuild,
                open_pass=LedgerPass,
            )
        )
