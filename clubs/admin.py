from django.contrib import admin

from clubs.models import ApiKey, Club


class ApiKeyInline(admin.TabularInline):
    model = ApiKey
    extra = 0
    fields = ("name", "role", "prefix", "created_at", "revoked_at")
    readonly_fields = ("prefix", "created_at")
    can_delete = False

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False  # keys are created with bootstrap_club or the API, shown once


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "id", "created_at")
    search_fields = ("name",)
    inlines = [ApiKeyInline]


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "role", "prefix", "created_at", "revoked_at")
    list_filter = ("role", "club")
    search_fields = ("name", "prefix")
    readonly_fields = ("id", "prefix", "key_hash", "created_at")
    fields = ("id", "club", "name", "role", "prefix", "key_hash", "created_at", "revoked_at")

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False
