"""Reading tables: the projection for state and rulings, the log for history."""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import Q, QuerySet

from clubs.models import Club
from eventlog import RecordedEvent, read_stream
from games.engine import Close, Join, Rejection, Sitting, apply, glance, ruling_document
from games.engine.key_order import transcript_ordered
from games.engine.seats import seat_order
from games.engine.transcript import TRANSCRIPT_FORMAT
from games.models import Table, TableSnapshot
from games.sitting.rows import full_sitting, row_state
from table_stream import (
    DEAL_STARTED,
    EVENT_UNDONE,
    GAME_EVENT_TYPES,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
)

#: `Table.import_status` of tables no client sees: an import under way, or one that failed.
#: Written as an exclusion: a planner without statistics on the column estimates `= ''` to
#: keep 0.5% of the rows, and `NOT IN` of two values to keep 99%, which is the truth, so the
#: tables list keeps its plan.
UNSEEN = ("importing", "abandoned")


def table_list(
    *,
    club: Club,
    after: uuid.UUID | None = None,
    limit: int | None = None,
    closed: bool | None = None,
) -> QuerySet[Table]:
    """The club's tables, oldest first, only the closed (or open) ones if `closed` says;
    `after` (a table id of the club) and `limit` page through them by keyset, so a page
    never skips or repeats a table."""
    tables = Table.objects.filter(club=club).exclude(import_status__in=UNSEEN)
    tables = tables.select_related("snapshot")
    if closed is not None:
        tables = tables.filter(closed=closed)
    if after is not None:
        last = tables.filter(id=after).values_list("created_at", flat=True).first()
        if last is not None:
            tables = tables.filter(Q(created_at__gt=last) | Q(created_at=last, id__gt=after))
    tables = tables.order_by("created_at", "id")
    return tables if limit is None else tables[:limit]


def table_list_by_activity(
    *, club: Club, closed: bool, offset: int = 0, limit: int = 25
) -> list[Table]:
    """A page of the club's open (or closed) tables, the last active first, and one more
    (is there a next page?): a range of the index on the stored columns
    (`games_table_club_activity`), whatever the club's size."""
    tables = (
        Table.objects.filter(club=club, closed=closed)
        .exclude(import_status__in=UNSEEN)
        .select_related("snapshot")
        .order_by("-last_activity_at", "id")
    )
    return list(tables[offset : offset + limit + 1])


def table_get(*, club: Club, table_id: uuid.UUID) -> Table | None:
    """The club's table (another club's table is None, as a missing one, and so is a table
    whose import has not completed: `Table.import_status`)."""
    tables = Table.objects.select_related("snapshot")
    return tables.filter(club=club, id=table_id).exclude(import_status__in=UNSEEN).first()


def table_state(*, table: Table) -> tuple[Sitting, int]:
    """The engine state as of the table's last event, and that version (one row read;
    settled deals are placeholders: enough for `table_view`, not for rulings)."""
    row: TableSnapshot = table.snapshot
    return row_state(row), row.version


def table_glance(*, table: Table) -> dict[str, Any]:
    """Phase, pot and whose turn at the table (from its projection row)."""
    return glance(row_state(table.snapshot))


def table_summary(*, table: Table) -> dict[str, Any]:
    """What a list of tables shows of one: phase, pot, whose turn, the deals played, who
    sits there now, and its version (one row read)."""
    state, version = table_state(table=table)
    return {
        **glance(state),
        "deals": len(state.deals),
        "players": list(state.at_table),
        "version": version,
    }


def table_ruling(*, table: Table) -> dict[str, Any]:
    """The sitting as a `bourre-ruling/1` document."""
    return ruling_document(full_sitting(table.snapshot))


def _live_game_events(events: list[RecordedEvent]) -> list[RecordedEvent]:
    undone = {e.data["undone_version"] for e in events if e.type == EVENT_UNDONE}
    return [e for e in events if e.type in GAME_EVENT_TYPES and e.version not in undone]


def table_seating(*, table: Table) -> dict[str, Any]:
    """Who sits at the table: `players` every seat ever taken (seat order), `seated` who
    sits there now, `left` who has left, and whether the table is `closed`."""
    state, _ = table_state(table=table)
    seated = state.at_table
    return {
        "players": list(state.players),
        "seated": list(seated),
        "left": [p for p in state.players if p not in seated],
        "closed": state.closed,
    }


def table_transcript(*, table: Table) -> dict[str, Any]:
    """The sitting as a `bourre-transcript/1` document: the game events not undone, with
    every seat ever taken in `players` and each deal's `seated` written out (joins and
    leaves are not transcript events), ending `closed: true` once the table is closed."""
    players = tuple(table.players)
    seated = list(players)
    deals: list[dict[str, Any]] = []
    closed = False
    for event in _live_game_events(read_stream(stream=table.stream, club=table.club_id)):
        if event.type == DEAL_STARTED:
            dealt = event.data.get("seated", seated)
            deals.append(
                {**event.data, "seated": [p for p in players if p in dealt], "actions": []}
            )
        elif event.type == PLAYER_JOINED:
            players = seat_order(players, Join(event.data["player"], event.data["seat_after"]))
            seated = [p for p in players if p in seated or p == event.data["player"]]
        elif event.type == PLAYER_LEFT:
            seated.remove(event.data["player"])
        elif event.type == TABLE_CLOSED:
            closed = True
        elif deals:
            deals[-1]["actions"].append(event.data)
    doc = {
        "format": TRANSCRIPT_FORMAT,
        "variant": table.variant,
        "options": table.options,
        "players": list(players),
        "deals": deals,
    }
    if closed:
        doc["closed"] = True
    # Stored event data (jsonb) has its keys reordered: give back the format's order.
    return transcript_ordered(doc)


def table_events_page(
    *, table: Table, after: int = 0, after_version: int = 0, limit: int = 100
) -> list[RecordedEvent]:
    """The table's events with position (in its club's partition) > `after` and version >
    `after_version`, in order (keyset paging)."""
    return read_stream(
        stream=table.stream,
        club=table.club_id,
        after_position=after,
        after_version=after_version,
        limit=limit,
    )


def table_events_of_versions(*, table: Table, low: int, high: int | None) -> list[RecordedEvent]:
    """The table's events of versions ``low`` to ``high`` (None: to the end), in order."""
    limit = None if high is None else max(0, high - low + 1)
    return read_stream(stream=table.stream, club=table.club_id, after_version=low - 1, limit=limit)


def table_event_position(*, table: Table, version: int) -> int | None:
    """The position (in the club's partition of the log) of the table's event at `version`."""
    found = read_stream(stream=table.stream, club=table.club_id, after_version=version - 1, limit=1)
    return found[0].position if found and found[0].version == version else None


def table_undos(*, table: Table) -> dict[int, int]:
    """Each undone event's version -> the version of the `EventUndone` that took it back."""
    undos = read_stream(stream=table.stream, club=table.club_id, types=(EVENT_UNDONE,))
    return {int(e.data["undone_version"]): e.version for e in undos}


def table_deal(*, table: Table, index: int) -> dict[str, Any] | None:
    """Deal `index` (0-based): its ruling so far and every event logged during it
    (undone ones and the undos included), or None when there is no such deal."""
    deals = table_ruling(table=table)["deals"]
    if not 0 <= index < len(deals):
        return None
    live_starts: list[int] = []
    events: list[RecordedEvent] = []
    for event in read_stream(stream=table.stream, club=table.club_id):
        if event.type == DEAL_STARTED:
            live_starts.append(event.version)
        current = len(live_starts) - 1
        if event.type == RULING_MADE:
            current = event.data.get("deal", current)
        if current == index:
            events.append(event)
        if event.type == EVENT_UNDONE and event.data.get("undone_type") == DEAL_STARTED:
            live_starts.pop()
    return {"index": index, "ruling": deals[index], "events": events}


def table_closing_preview(*, table: Table) -> dict[str, Any]:
    """What closing the table now would do (the pot shared out, the settling-up transfers),
    ruled by the engine on the current state and written nowhere: the app shows it before
    the scorekeeper confirms. `{"closing": {...}, "balances": {...}}`, or `{"refused":
    {"code", "message"}}` when the table cannot close now (the message in the request's
    language)."""
    state, _ = table_state(table=table)
    try:
        closed, _ = apply(state, Close())
    except Rejection as refused:
        return {"refused": {"code": refused.code, "message": refused.message}}
    closing = dict(closed.closing or {})
    return {"closing": closing, "balances": dict(closed.balances)}
