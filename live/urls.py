"""The live pages (gunicorn). The streams they follow are `bourre_site.urls_live`'s."""

from django.urls import path

from live import verify, views

app_name = "live"

urlpatterns = [
    path("app/tables/<uuid:table_id>/display", views.display, name="display"),
    path("app/tables/<uuid:table_id>/display/board", views.display_board, name="display-board"),
    path("app/tables/<uuid:table_id>/viewers", views.viewers, name="viewers"),
    path(
        "app/tables/<uuid:table_id>/viewers/<uuid:viewer_id>/revoke",
        views.viewer_revoke_view,
        name="viewer-revoke",
    ),
    path("d/<str:token>", views.display_link, name="display-link"),
    path("d/<str:token>/board", views.display_link_board, name="display-link-board"),
    path("v/<str:token>", views.viewer_page, name="viewer"),
    path("v/<str:token>/board", views.viewer_board, name="viewer-board"),
    path("v/<str:token>/qr.svg", views.viewer_qr, name="viewer-qr"),
    path("v/<str:token>/receipt.tlog-proof", verify.viewer_receipt, name="viewer-receipt"),
    path("v/<str:token>/receipt-qr.svg", verify.viewer_receipt_qr, name="viewer-receipt-qr"),
    path("join", views.join, name="join"),
    # Check a receipt: public, no account (docs/transparency.md).
    path("verify", verify.verify, name="verify"),
    path("verify/keys/<uuid:club_id>", verify.verify_keys_view, name="verify-keys"),
]
