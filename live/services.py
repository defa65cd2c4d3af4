"""Viewer links: created by a scorekeeper (or admin) for one table, revoked at will."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from clubs.models import Club
from games.models import Table
from live.feed import links_changed, viewer_ended
from live.models import Viewer

# No 0/O, 1/I/L: a code read off a screen and typed on a phone.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6  # 31^6 ≈ 887 million codes; guesses are rate-limited (live.views.join)


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def viewer_create(
    *, club: Club, table: Table, created_by: str, kind: str = Viewer.PLAYERS
) -> Viewer:
    """A new viewer link for the table (a fresh URL token and short code): the players'
    view, or with `kind` "display" the TV display. A players' link is what the table's
    displays invite with: they show it at once (told after the commit)."""
    for _ in range(5):
        try:
            with transaction.atomic():
                viewer = Viewer.objects.create(
                    club=club,
                    table=table,
                    token=secrets.token_urlsafe(24),
                    code=_code(),
                    created_by=created_by[:200],
                    kind=kind,
                )
                if kind == Viewer.PLAYERS:
                    links_changed(str(table.id))
                return viewer
        except IntegrityError:  # a code already taken: draw again
            continue
    raise RuntimeError("could not draw a free viewer code")


def viewer_revoke(*, viewer: Viewer) -> Viewer:
    """Revoke the link: it answers "this link has ended", and every open view of it ends
    within moments (told through the live feed after the commit; the hub's sweep is the
    safety net)."""
    with transaction.atomic():
        if viewer.revoked_at is None:
            viewer.revoked_at = timezone.now()
            viewer.save(update_fields=["revoked_at"])
        viewer_ended(str(viewer.id))
        if viewer.kind == Viewer.PLAYERS:
            links_changed(str(viewer.table_id))
    return viewer
