"""Staff read the ledger in the admin; only the projector and the rebuild write it."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from ledger.models import LedgerTable, PostingLeg


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(LedgerTable)
class LedgerTableAdmin(ReadOnlyAdmin):
    list_display = ("table_id", "name", "club_id", "variant", "pot", "last_position")
    search_fields = ("table_id", "name", "club_id")


@admin.register(PostingLeg)
class PostingLegAdmin(ReadOnlyAdmin):
    list_display = (
        "table_id", "position", "transaction", "leg", "deal", "kind", "account", "amount",
        "pot_after", "voided_by",
    )  # fmt: skip
    list_filter = ("kind",)
    search_fields = ("table_id", "account")
