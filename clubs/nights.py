"""A club's nights: which day an event counts for in the standings.

Clubs play in the evening and often past midnight, so a "day" of the standings is a club
night: it begins at `NIGHT_TURNS_AT` (06:00) in the club's time zone and ends at the same
hour the next morning. A deal settled at 01:30 on Saturday counts for Friday's night, as
everyone at the table would say. The time zone is the club's (`Club.time_zone`, an IANA
name such as "America/Chicago"); the default, UTC, is right only for clubs that play there.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.utils.translation import gettext as _

#: When a club night turns into the next one, in the club's own time.
NIGHT_TURNS_AT = time(6, 0)
DEFAULT_TIME_ZONE = "UTC"


class UnknownTimeZone(ValueError):
    """Not an IANA time zone name this machine knows."""


@lru_cache(maxsize=256)
def zone(name: str) -> ZoneInfo:
    """The zone of an IANA name ("Europe/Paris"); `UnknownTimeZone` for anything else."""
    if not isinstance(name, str) or not name or name != name.strip() or "\x00" in name:
        raise UnknownTimeZone(_("not a time zone: %(name)s") % {"name": repr(name)})
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise UnknownTimeZone(_("unknown time zone %(name)s (an IANA name such as "
                                "'America/Chicago' or 'Europe/Paris')") % {"name": repr(name)}
                              ) from exc  # fmt: skip


def night_of(instant: datetime, time_zone: str) -> date:
    """The club night `instant` belongs to: its date in the club's zone, the night before
    until `NIGHT_TURNS_AT`."""
    local = instant.astimezone(zone(time_zone))
    turn = timedelta(hours=NIGHT_TURNS_AT.hour, minutes=NIGHT_TURNS_AT.minute)
    return (local - turn).date()


def night_starts(night: date, time_zone: str) -> datetime:
    """The instant the club night of `night` begins (in UTC)."""
    local = datetime.combine(night, NIGHT_TURNS_AT, tzinfo=zone(time_zone))
    return local.astimezone(UTC)


def nights_between(
    first: date | None, last: date | None, time_zone: str
) -> tuple[datetime | None, datetime | None]:
    """The nights `first` to `last` (inclusive, either open) as a half-open interval of
    instants: from the first night's start to the start of the night after the last."""
    start = night_starts(first, time_zone) if first else None
    end = night_starts(last + timedelta(days=1), time_zone) if last else None
    return start, end


def tonight(time_zone: str, now: datetime | None = None) -> date:
    """The night going on now (or the last one, in the morning before it turns)."""
    return night_of(now or datetime.now(UTC), time_zone)


def time_zone_names() -> list[str]:
    """Every IANA name this machine knows, sorted (for a choice in the app)."""
    return sorted(available_timezones())
