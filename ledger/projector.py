"""The inline projector: books `RulingMade` postings in the append's own transaction.

On the hot path of every card play, so it costs nothing for events that move no chips and
three queries for those that do: lock the table's row, insert the legs, move the pot.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace

from django.db import connection

from games.eventstore import RecordedEvent, read_stream
from games.table import (
    EVENT_UNDONE,
    PLAYER_JOINED,
    RULING_MADE,
    TABLE_CREATED,
    table_id_of,
)
from ledger.folding import (
    POT,
    LedgerError,
    Leg,
    joined,
    pot_delta,
    ruling_legs,
    seated_players,
    table_info,
    voided_versions,
)
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import legs_insert, table_row

VOID_SQL = (
    f"UPDATE {PostingLeg._meta.db_table} SET voided_by = %s "
    "WHERE table_id = %s AND version = ANY(%s) AND voided_by IS NULL RETURNING account, amount"
)


def _books(event: RecordedEvent) -> bool:
    if event.type in (TABLE_CREATED, PLAYER_JOINED):
        return True
    if event.type == EVENT_UNDONE and event.data.get("undone_type") == PLAYER_JOINED:
        return True
    if event.type == RULING_MADE:
        return bool(event.data.get("postings"))
    return event.type == EVENT_UNDONE and bool(voided_versions(event))


def ledger_project(events: Sequence[RecordedEvent]) -> None:
    """Inline projector (registered as ``ledger``): raises `LedgerError` to refuse the append."""
    by_table: dict[uuid.UUID, list[RecordedEvent]] = {}
    for event in events:
        table_id = table_id_of(event.stream) if _books(event) else None
        if table_id is not None:
            by_table.setdefault(table_id, []).append(event)
    for table_id, booked in by_table.items():
        _project_table(table_id, booked)


def _project_table(table_id: uuid.UUID, events: list[RecordedEvent]) -> None:
    # The lock orders us after a concurrent rebuild of this table.
    table = LedgerTable.objects.select_for_update().filter(table_id=table_id).first()
    is_new = table is None
    if table is None:
        table = LedgerTable(table_id=table_id)
    else:
        # Events handed over twice (an idempotent replay) are booked once.
        events = [event for event in events if event.position > table.last_position]
        if not events:
            return
    pot = table.pot
    pending: list[Leg] = []
    for event in events:
        if event.type == TABLE_CREATED:
            table_row(table, table_info(event, table_id))
        elif event.type == PLAYER_JOINED:
            table.players = list(seated_players(table.players, [joined(event)]))
        elif event.type == EVENT_UNDONE and event.data.get("undone_type") == PLAYER_JOINED:
            table.players = _players_without_undone(table_id, event)
        elif event.type == RULING_MADE:
            legs, pot = ruling_legs(event, table_id, pot)
            pending.extend(legs)
        else:
            pot, pending = _void(table_id, event, pot, pending)
        table.last_position = event.position
    legs_insert(pending)
    table.pot = pot
    table.save(force_insert=is_new)


def _players_without_undone(table_id: uuid.UUID, undo: RecordedEvent) -> list[str]:
    """The seats once a join is undone: replayed from the stream (rare: an undone join)."""
    events = read_stream(
        stream=undo.stream,
        club=undo.club or None,
        types=(TABLE_CREATED, PLAYER_JOINED, EVENT_UNDONE),
    )
    undone = {e.data.get("undone_version") for e in events if e.type == EVENT_UNDONE}
    undone.add(undo.data.get("undone_version"))
    created = next((e for e in events if e.type == TABLE_CREATED), None)
    players = created.data.get("players") or [] if created else []
    joins = [joined(e) for e in events if e.type == PLAYER_JOINED and e.version not in undone]
    return list(seated_players([str(p) for p in players], joins))


def _void(
    table_id: uuid.UUID, undo: RecordedEvent, pot: int, pending: list[Leg]
) -> tuple[int, list[Leg]]:
    """Mark the legs of the undone rulings voided by ``undo``; returns the pot without them."""
    versions = voided_versions(undo)
    unsaved = [leg for leg in pending if leg.voided_by is None and leg.version in versions]
    pending = [replace(leg, voided_by=undo.position) if leg in unsaved else leg for leg in pending]
    with connection.cursor() as cursor:
        cursor.execute(VOID_SQL, [undo.position, table_id, sorted(versions)])
        saved = cursor.fetchall()
    pot -= pot_delta(unsaved) + sum(amount for account, amount in saved if account == POT)
    if pot < 0:
        raise LedgerError(f"event {undo.position}: the undo takes the pot to {pot}")
    return pot, pending
