"""Django admin for staff: tables (read-only). The event log has no admin page: its key is
(club, position), and Django's admin does not handle composite primary keys; read it with
``eventlog`` (``read_all(club=...)``) or ``export_audit_log --club``."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Table, TableDeal, TableSnapshot


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TableSnapshotInline(admin.StackedInline):
    model = TableSnapshot
    fields = ("version", "deal_events", "updated_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TableDealInline(admin.TabularInline):
    model = TableDeal
    fields = ("index", "summary")
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ("name", "club", "variant", "created_at", "id")
    list_filter = ("variant", "club")
    search_fields = ("name", "id")
    readonly_fields = ("id", "club", "name", "variant", "options", "players", "created_at")
    inlines = [TableSnapshotInline, TableDealInline]
