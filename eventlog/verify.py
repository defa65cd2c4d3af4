"""``verify_chain``: recompute a club's hash chain and name the first position that breaks it."""

from __future__ import annotations

from django.db import connections

from eventlog.canonical import GENESIS_HASH, recorded_event_hash
from eventlog.reader import (
    COLUMNS,
    club_key,
    last_position,
    partition_heads,
    raw_row_to_event,
    unlisted_clubs,
)
from eventlog.types import ChainReport

BATCH = 2000
NOT_LISTED = "the club has events but is not in eventstore_partition: no follower sees them"


def verify_chain(
    *,
    club: object | None = None,
    from_position: int = 1,
    to_position: int | None = None,
    using: str = "default",
) -> ChainReport:
    """Check the club's positions are contiguous, each row links to its predecessor and
    hashes match. Without ``club``, every club's chain in turn (positions then apply to
    each club), after checking that every club with events is listed as a partition; the
    report names the first broken club."""
    if from_position < 1:
        raise ValueError("positions start at 1")
    if club is not None:
        return _verify_club(club_key(club), from_position, to_position, using)
    unlisted = unlisted_clubs(using=using)
    if unlisted:
        return ChainReport(False, 0, 1, NOT_LISTED, unlisted[0])
    checked = 0
    for partition in partition_heads(using=using):
        report = _verify_club(partition, from_position, to_position, using, required=False)
        checked += report.checked
        if not report.ok:
            return ChainReport(False, checked, report.first_broken, report.reason, partition)
    return ChainReport(True, checked)


def _verify_club(
    club: str, from_position: int, to_position: int | None, using: str, required: bool = True
) -> ChainReport:
    checked = 0
    with connections[using].cursor() as cursor:
        if from_position == 1:
            expected_prev = GENESIS_HASH
        else:
            cursor.execute(
                "SELECT hash FROM eventstore_event WHERE club_id = %s AND position = %s",
                [club, from_position - 1],
            )
            found = cursor.fetchone()
            if found is None:
                if not required:
                    return ChainReport(True, 0)
                return ChainReport(False, 0, from_position - 1, "predecessor missing", club)
            expected_prev = found[0]
        head = last_position(club=club, using=using)
        end = head if to_position is None else to_position
        if not required:
            end = min(end, head)
        expected_position = from_position
        while expected_position <= end:
            upper = min(expected_position + BATCH - 1, end)
            cursor.execute(
                f"SELECT {COLUMNS} FROM eventstore_event "
                "WHERE club_id = %s AND position BETWEEN %s AND %s ORDER BY position",
                [club, expected_position, upper],
            )
            rows = cursor.fetchall()
            if not rows:
                break
            for row in rows:
                event = raw_row_to_event(row)
                if event.position != expected_position:
                    return ChainReport(False, checked, expected_position, "position missing", club)
                if event.prev_hash != expected_prev:
                    return ChainReport(
                        False, checked, event.position, "prev_hash does not link", club
                    )
                if recorded_event_hash(event) != event.hash:
                    return ChainReport(False, checked, event.position, "hash does not match", club)
                checked += 1
                expected_prev = event.hash
                expected_position += 1
    if expected_position <= end:
        return ChainReport(False, checked, expected_position, "position missing", club)
    return ChainReport(True, checked, club=club)
