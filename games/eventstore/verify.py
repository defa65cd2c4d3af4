"""``verify_chain``: recompute the hash chain and name the first position that breaks it."""

from __future__ import annotations

from django.db import connections

from games.eventstore.canonical import GENESIS_HASH, recorded_event_hash
from games.eventstore.reader import COLUMNS, raw_row_to_event
from games.eventstore.types import ChainReport

BATCH = 2000


def verify_chain(
    *, from_position: int = 1, to_position: int | None = None, using: str = "default"
) -> ChainReport:
    """Check positions are contiguous, each row links to its predecessor, and hashes match."""
    if from_position < 1:
        raise ValueError("positions start at 1")
    checked = 0
    with connections[using].cursor() as cursor:
        if from_position == 1:
            expected_prev = GENESIS_HASH
        else:
            cursor.execute(
                "SELECT hash FROM eventstore_event WHERE position = %s", [from_position - 1]
            )
            found = cursor.fetchone()
            if found is None:
                return ChainReport(False, 0, from_position - 1, "predecessor missing")
            expected_prev = found[0]
        expected_position = from_position
        while to_position is None or expected_position <= to_position:
            upper = expected_position + BATCH - 1
            if to_position is not None:
                upper = min(upper, to_position)
            cursor.execute(
                f"SELECT {COLUMNS} FROM eventstore_event "
                "WHERE position BETWEEN %s AND %s ORDER BY position",
                [expected_position, upper],
            )
            rows = cursor.fetchall()
            if not rows:
                break
            for row in rows:
                event = raw_row_to_event(row)
                if event.position != expected_position:
                    return ChainReport(False, checked, expected_position, "position missing")
                if event.prev_hash != expected_prev:
                    return ChainReport(False, checked, event.position, "prev_hash does not link")
                if recorded_event_hash(event) != event.hash:
                    return ChainReport(False, checked, event.position, "hash does not match")
                checked += 1
                expected_prev = event.hash
                expected_position += 1
    if to_position is not None and expected_position <= to_position:
        return ChainReport(False, checked, expected_position, "position missing")
    return ChainReport(True, checked)
