"""Each club's time zone, as the standings' folds ask for it (once per event).

Kept per process for `TTL` seconds: the asynchronous projector dates every event it folds
and must not query the club for each one. A zone set in this process is seen at once
(`remember`); another process sees it within `TTL` seconds, which is harmless: changing a
club's zone is rare, and events already counted keep their night until a rebuild anyway.
"""

from __future__ import annotations

import time

from clubs.nights import DEFAULT_TIME_ZONE

TTL = 60.0
_zones: dict[str, tuple[str, float]] = {}


def club_time_zone(club_id: str) -> str:
    """The IANA zone of the club `club_id` (UTC for a club that does not exist)."""
    from clubs.models import Club

    now = time.monotonic()
    known = _zones.get(club_id)
    if known is not None and now - known[1] < TTL:
        return known[0]
    name = Club.objects.filter(pk=club_id).values_list("time_zone", flat=True).first()
    zone_name = name or DEFAULT_TIME_ZONE
    _zones[club_id] = (zone_name, now)
    return zone_name


def remember(club_id: str, zone_name: str) -> None:
    _zones[club_id] = (zone_name, time.monotonic())


def forget_all() -> None:
    """For tests that change a club's zone behind the service's back."""
    _zones.clear()
