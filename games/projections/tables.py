"""The club's tables (`Table` rows), an inline projection of `TableCreated`.

A table's row holds what its creation recorded (name, variant, options, players) and when
(`created_at`, the event's recorded time, taken under the club's lock: the list of tables
is in the order of the log). It is written in the append's transaction, after the table's
snapshot row (`games.sitting`; the foreign key is checked at commit), and rebuilt with the
table state (`games.sitting.rebuild`)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from games.eventstore import RecordedEvent
from games.models import Table
from games.table import TABLE_CREATED


def tables_books(type_: str, data: Mapping[str, Any]) -> bool:
    """Whether `tables_project` writes for an event of this type (the registry's `books`)."""
    return type_ == TABLE_CREATED


def tables_project(events: Sequence[RecordedEvent]) -> None:
    """Add the table a `TableCreated` (always version 1, alone in its append) creates."""
    if not events or events[0].version != 1 or events[0].type != TABLE_CREATED:
        return
    created = events[0]
    data = created.data
    Table.objects.create(
        id=uuid.UUID(data["table_id"]),
        club_id=data["club_id"],
        name=data["name"],
        variant=data["variant"],
        options=data["options"],
        players=data["players"],
        created_at=created.recorded_at,
        last_activity_at=created.recorded_at,
    )
