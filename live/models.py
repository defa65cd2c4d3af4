"""Viewer links: a read-only window on one table for the players, no account needed."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone

from clubs.models import Club
from games.models import Table
from games.models.fields import ClubForeignKey


class Viewer(models.Model):
    """A revocable viewer link: the long `token` is the QR code's URL, `code` the short
    one a player types. It reads one table until `expires_at` (the table's close plus a
    day) or until revoked; it never writes. A `players` link opens the players' view (each
    player's statement too); a `display` link opens the TV display, so that no member's
    session stays signed in on a screen in a public room."""

    PLAYERS = "players"
    DISPLAY = "display"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    # The database's foreign key is (table_id, club_id), the table's key (live.0002); on
    # Citus none (the viewers stay on the coordinator, the tables are distributed).
    table = ClubForeignKey(Table, on_delete=models.CASCADE, related_name="+", db_constraint=False)
    token = models.CharField(max_length=64, unique=True)
    code = models.CharField(max_length=16, unique=True)
    created_by = models.CharField(max_length=200)
    kind = models.CharField(
        max_length=10, default=PLAYERS, choices=[(PLAYERS, PLAYERS), (DISPLAY, DISPLAY)]
    )
    created_at = models.DateTimeField(default=timezone.now)
    # None while the table is open: it then ends a day after the close (see `ends_at`).
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["table", "created_at"], name="live_viewer_table")]

    def __str__(self) -> str:
        return f"viewer {self.code} of {self.table_id}"
