"""Reads of the live views: table versions for the hub, viewer links and their expiry."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils import timezone

from clubs.models import Member
from games.models import Table, TableSnapshot
from live.models import Viewer

#: How the hub names a member's access (`live.hub.member_access`).
MEMBER = "member:"

#: A viewer link ends this long after its table closes.
AFTER_CLOSE = dt.timedelta(days=1)


def table_versions(table_ids: Iterable[str]) -> dict[str, int]:
    """Each table's newest version (one query for them all)."""
    rows = TableSnapshot.objects.filter(table_id__in=list(table_ids)).values_list(
        "table_id", "version"
    )
    return {str(table_id): version for table_id, version in rows}


def table_closed_at(*, table: Table) -> dt.datetime | None:
    """When the table closed (None while open): nothing but an undo can follow a close,
    so the table's last activity (a stored column, as its closing is) is the close."""
    return table.last_activity_at if table.closed else None


def viewer_expires_at(*, viewer: Viewer) -> dt.datetime | None:
    """The table's close plus a day; None while the table is open."""
    return viewer_expires_at_of(table=viewer.table)


def viewer_expires_at_of(*, table: Table) -> dt.datetime | None:
    """When every viewer link of the table ends: its close plus a day (None while open)."""
    closed_at = table_closed_at(table=table)
    return closed_at + AFTER_CLOSE if closed_at else None


def viewer_is_good(*, viewer: Viewer, now: dt.datetime | None = None) -> bool:
    if viewer.revoked_at is not None:
        return False
    ends = viewer_expires_at(viewer=viewer)
    return ends is None or (now or timezone.now()) < ends


def _good(viewers: Iterable[Viewer]) -> list[Viewer]:
    """Those neither revoked nor expired; each table's close is read once (the hub asks
    about hundreds of links of a few tables every few seconds)."""
    now = timezone.now()
    ends: dict[object, dt.datetime | None] = {}
    good = []
    for viewer in viewers:
        if viewer.revoked_at is not None:
            continue
        if viewer.table_id not in ends:
            ends[viewer.table_id] = viewer_expires_at(viewer=viewer)
        end = ends[viewer.table_id]
        if end is None or now < end:
            good.append(viewer)
    return good


def viewer_by_token(*, token: str) -> Viewer | None:
    """The viewer link of this URL token, if still good (revoked or expired: None)."""
    found = Viewer.objects.select_related("table__snapshot", "club").filter(token=token).first()
    return found if found is not None and _good([found]) else None


def viewer_by_code(*, code: str) -> Viewer | None:
    """The viewer link of a typed code (any case, spaces and dashes ignored), if good."""
    cleaned = "".join(ch for ch in code.upper() if ch.isalnum())
    found = Viewer.objects.select_related("table__snapshot", "club").filter(code=cleaned).first()
    return found if found is not None and _good([found]) else None


def viewers_of_table(*, table: Table, kind: str = Viewer.PLAYERS) -> list[Viewer]:
    """The table's viewer links of `kind` that are still good, oldest first."""
    viewers = Viewer.objects.select_related("table__snapshot").filter(
        table=table, kind=kind, revoked_at__isnull=True
    )
    return _good(viewers)


def viewers_of_table_query(*, table: Table) -> QuerySet[Viewer]:
    """The table's players' links that are still good, as a query (to page through):
    every link of a table ends at the same time, a day after its close."""
    ends = viewer_expires_at_of(table=table)
    if ends is not None and timezone.now() >= ends:
        return Viewer.objects.none()
    return Viewer.objects.select_related("table").filter(
        table=table, kind=Viewer.PLAYERS, revoked_at__isnull=True
    )


#: A table's invitation stamp with no players' link to invite with.
NO_LINK = "none"


def table_invitations(table_ids: Iterable[str]) -> dict[str, str]:
    """Each table's invitation stamp (one query for them all): the code of its newest good
    players' link, which the display shows with its QR code, or `NO_LINK`. The display
    follows it live: a link made or revoked after it opened changes the stamp."""
    ids = list(table_ids)
    stamps = dict.fromkeys(ids, NO_LINK)
    viewers = Viewer.objects.select_related("table").filter(
        table_id__in=ids, kind=Viewer.PLAYERS, revoked_at__isnull=True
    )
    for viewer in _good(viewers.order_by("created_at", "id")):
        stamps[str(viewer.table_id)] = viewer.code  # the newest last
    return stamps


def viewer_of_table(*, table: Table, viewer_id: uuid.UUID) -> Viewer | None:
    return Viewer.objects.filter(table=table, id=viewer_id).first()


def access_still_good(accesses: Iterable[str]) -> set[str]:
    """Of these accesses the hub watches (viewer link ids, `member:<id>`), those still good:
    a link neither revoked nor expired, a member not removed."""
    accesses = list(accesses)
    members = [a.removeprefix(MEMBER) for a in accesses if a.startswith(MEMBER)]
    viewers = [a for a in accesses if not a.startswith(MEMBER)]
    good = viewers_still_good(viewers) if viewers else set()
    if members:
        kept = Member.objects.filter(id__in=members).values_list("id", flat=True)
        good |= {f"{MEMBER}{member_id}" for member_id in kept}
    return good


def viewers_still_good(viewer_ids: Iterable[str]) -> set[str]:
    """Of these viewer links, those neither revoked nor expired (for the hub's sweep)."""
    viewers = Viewer.objects.select_related("table__snapshot").filter(
        id__in=list(viewer_ids), revoked_at__isnull=True
    )
    return {str(v.id) for v in _good(viewers)}
