"""The public prefix of each club's log and the witness endpoint (`transparency.views`)."""

from django.urls import path

from transparency import views

app_name = "transparency"

urlpatterns = [
    path("bourre/<uuid:club_id>/checkpoint", views.checkpoint, name="checkpoint"),
    path("bourre/<uuid:club_id>/tile/<path:path>", views.tile, name="tile"),
    path("witness/add-checkpoint", views.witness_add_checkpoint, name="witness-add-checkpoint"),
]
