"""The app's pages, under /app/."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from tableapp.views import (
    audit,
    club,
    language,
    member,
    reads,
    receipt,
    rules,
    seasons,
    signin,
    sitting,
    table,
    tables,
)

app_name = "tableapp"

urlpatterns = [
    path("login/", signin.SignInView.as_view(), name="login"),
    path(
        "logout/",
        auth_views.LogoutView.as_view(next_page=reverse_lazy("tableapp:login")),
        name="logout",
    ),
    path("", tables.tables, name="tables"),
    path("tables/<uuid:table_id>/", table.table_page, name="table"),
    path("tables/<uuid:table_id>/panel", table.table_panel, name="table-panel"),
    path("tables/<uuid:table_id>/step", table.table_step, name="table-step"),
    path("tables/<uuid:table_id>/ruling", reads.ruling_page, name="ruling"),
    path("tables/<uuid:table_id>/ruling.json", reads.ruling_json, name="ruling-json"),
    path("tables/<uuid:table_id>/transcript.json", reads.transcript_json, name="transcript-json"),
    path("tables/<uuid:table_id>/close", sitting.close_table, name="close"),
    path("tables/<uuid:table_id>/settle-up", sitting.settle_up, name="settle-up"),
    path("tables/<uuid:table_id>/settlement.csv", sitting.settle_up_csv, name="settlement-csv"),
    path("tables/<uuid:table_id>/receipt.tlog-proof", receipt.receipt_file, name="receipt"),
    path("tables/<uuid:table_id>/receipt-qr.svg", receipt.receipt_qr, name="receipt-qr"),
    path("tables/<uuid:table_id>/audit", audit.audit_page, name="audit"),
    path("tables/<uuid:table_id>/audit/check", audit.audit_check, name="audit-check"),
    path("standings/", club.standings, name="standings"),
    path("standings.csv", club.standings_csv, name="standings-csv"),
    path("seasons/", seasons.seasons, name="seasons"),
    path("seasons/add", seasons.season_add, name="season-add"),
    path("seasons/<uuid:season_id>/", seasons.season_page, name="season"),
    path("seasons/<uuid:season_id>/edit", seasons.season_edit, name="season-edit"),
    path("seasons/<uuid:season_id>/standings.csv", seasons.season_csv, name="season-csv"),
    path("players/<path:name>/", seasons.player_page, name="player"),
    path("members/", club.members, name="members"),
    path("members/add", club.member_add, name="member-add"),
    path("members/<uuid:member_id>/", member.member_page, name="member"),
    path("members/<uuid:member_id>/role", member.member_role, name="member-role"),
    path("members/<uuid:member_id>/password", member.member_password, name="member-password"),
    path("members/<uuid:member_id>/remove", club.member_delete, name="member-remove"),
    path("club/time-zone", club.time_zone_set, name="time-zone"),
    path("keys/add", club.key_add, name="key-add"),
    path("keys/<uuid:key_id>/revoke", club.key_revoke, name="key-revoke"),
    path("language", language.language_set, name="language"),
    path("club/language", language.club_language_set, name="club-language"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<str:variant>/", rules.rules_page, name="rules-variant"),
]
