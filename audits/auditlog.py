"""The audit-log export: the stored events with their hashes, as JSON Lines.

The log is partitioned by club and each club has its own hash chain, so an export is made
of sections, one per club: a header line naming the hashing scheme, the club, the position
range and the ``anchor`` (the hash the first exported event links to: 64 zeros from
position 1), then the club's events, one per line. ``--club`` exports one club's section
alone (what the auditor-scoped API download serves). ``tools/verify_audit_log.py`` checks
such a file with the standard library only, so the two must agree with
``eventlog/canonical.py`` on the hashed bytes.

Rows are written exactly as stored (never upcast): the hash chain covers the stored rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from django.utils import timezone
from django.utils.translation import gettext

from eventlog import (
    GENESIS_HASH,
    RecordedEvent,
    club_key,
    iso_utc,
    last_position,
    partition_heads,
    read_all,
)

FORMAT = "bourre-audit-log/2"
SCHEME = "sha256-canonical-json/2"
PAGE = 2000
HASHING = {
    "scheme": SCHEME,
    "algorithm": "sha256 (hex) of the UTF-8 bytes",
    "canonical_json": "sorted keys, separators ',' and ':', non-ASCII kept (ensure_ascii=False)",
    "fields": [
        "club",
        "position",
        "stream",
        "version",
        "type",
        "schema_version",
        "data",
        "metadata",
        "recorded_at",
        "prev_hash",
    ],
    "recorded_at": "UTC ISO-8601 with microseconds, e.g. 2026-01-31T20:15:00.123456+00:00",
    "genesis_prev_hash": GENESIS_HASH,
    "chain": "one per club: positions and prev_hash count within the club",
}


@dataclass(frozen=True, slots=True)
class AuditLogSummary:
    first: int
    last: int
    events: int
    last_hash: str | None
    clubs: int = 1


def raw_events(*, club: str, from_position: int, to_position: int) -> Iterator[RecordedEvent]:
    """A club's stored rows in position order, a page at a time (memory stays flat)."""
    after = from_position - 1
    while after < to_position:
        page = read_all(club=club, after=after, to_position=to_position, limit=PAGE, upcast=False)
        if not page:
            return
        yield from page
        after = page[-1].position


def _anchor(club: str, from_position: int) -> str:
    if from_position <= 1:
        return GENESIS_HASH
    found = read_all(club=club, after=from_position - 2, limit=1, upcast=False)
    if not found or found[0].position != from_position - 1:
        raise ValueError(f"position {from_position - 1} is not in the club's log")
    return found[0].hash


def event_line(event: RecordedEvent) -> dict[str, Any]:
    return {
        "club": event.club,
        "position": event.position,
        "stream": event.stream,
        "version": event.version,
        "type": event.type,
        "schema_version": event.schema_version,
        "data": event.data,
        "metadata": event.metadata,
        "recorded_at": iso_utc(event.recorded_at),
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def audit_log_export(
    *,
    out: IO[str],
    club: object | None = None,
    from_position: int = 1,
    to_position: int | None = None,
) -> AuditLogSummary:
    """Write the club's positions ``from_position..to_position`` (default: up to its head
    as it is now) to ``out``; without ``club``, a section for every club (the range then
    applies to each). Later appends are left for the next export."""
    count, last_hash, last, sections = 0, None, from_position - 1, 0
    for line, item in audit_log_lines(
        club=club, from_position=from_position, to_position=to_position
    ):
        out.write(line)
        if isinstance(item, RecordedEvent):
            count += 1
            last_hash = item.hash
        elif item.get("club") is not None:
            sections += 1
            last = max(last, int(item["to"]))
    return AuditLogSummary(
        first=from_position, last=last, events=count, last_hash=last_hash, clubs=sections
    )


@dataclass(frozen=True, slots=True)
class AuditLogPage:
    """One page of a club's log (what `GET /audits/log` answers): positions ``first`` to
    ``last``, and whether the club's log (or the range asked) goes on after it."""

    first: int
    last: int
    more: bool


def audit_log_page(
    *, club: object, from_position: int, to_position: int | None, limit: int
) -> AuditLogPage:
    """At most ``limit`` positions of the club's log from ``from_position`` (up to
    ``to_position`` or the club's head now): a response's size stays bounded however long
    the log (a big club's whole log was 24 MB in one response)."""
    head = last_position(club=club)
    bound = head if to_position is None else min(to_position, head)
    last = min(from_position + limit - 1, bound)
    return AuditLogPage(first=from_position, last=last, more=bound > last)


def audit_log_lines(
    *,
    club: object | None = None,
    from_position: int = 1,
    to_position: int | None = None,
    header_extra: dict[str, Any] | None = None,
) -> Iterator[tuple[str, RecordedEvent | dict[str, Any]]]:
    """The export's lines, one at a time (``(line, header or event)``), for a file or a
    streamed download (``header_extra``: more keys for the header, e.g. the next page's
    URL). Raises ``ValueError`` (before the first line) for a bad range/club."""
    if from_position < 1:
        raise ValueError(gettext("positions start at 1"))
    heads = partition_heads()
    if club is not None:
        partition = club_key(club)
        clubs = {partition: heads.get(partition, 0)}
        _anchor(partition, from_position)  # a range past the club's log: refused up front
    else:
        clubs = heads
    return _lines(
        clubs,
        single=club is not None,
        start=from_position,
        stop=to_position,
        extra=header_extra or {},
    )


def _lines(
    clubs: dict[str, int], *, single: bool, start: int, stop: int | None, extra: dict[str, Any]
) -> Iterator[tuple[str, RecordedEvent | dict[str, Any]]]:
    sections = 0
    for partition, head in clubs.items():
        if start > head + 1 and not single:
            continue  # this club's log is shorter than the range asked
        end = head if stop is None else min(stop, head)
        header = {
            "format": FORMAT,
            "hashing": HASHING,
            "club": partition,
            "from": start,
            "to": max(end, start - 1),
            "anchor": _anchor(partition, start),
            "exported_at": timezone.now().isoformat(),
            **extra,
        }
        yield json.dumps(header, ensure_ascii=False) + "\n", header
        for event in raw_events(club=partition, from_position=start, to_position=end):
            yield json.dumps(event_line(event), ensure_ascii=False, sort_keys=True) + "\n", event
        sections += 1
    if not sections:  # an empty log: a header saying so, still a checkable file
        empty = {"format": FORMAT, "hashing": HASHING, "club": None, "from": 1, "to": 0}
        empty["anchor"] = GENESIS_HASH
        yield json.dumps(empty) + "\n", empty
