"""The inline projector: books `RulingMade` postings in the append's own transaction.

On the hot path of every card play, so it costs nothing for events that move no chips and
one statement for the rulings that do (`rulings_book`: lock the table's row, insert the
legs, move the pot); the rest (a new table, a join, an undo) three or more, each written
out (the ORM's building of them cost more Python than the rest of the play). An
undo is decided by the fold's own `undo_changes` (which legs it voids, the pot, the seats);
this module only reads what that needs and writes what it returns.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from eventlog import RecordedEvent, read_stream
from ledger.folding import (
    Leg,
    Seats,
    fold_table,
    joined,
    ruling_legs,
    seated_players,
    table_info,
    takes_back_a_join,
    undo_changes,
    voided_versions,
)
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import (
    legs_insert,
    row_leg,
    rulings_book,
    table_locked,
    table_row,
    table_update,
)
from table_stream import (
    EVENT_UNDONE,
    PLAYER_JOINED,
    RULING_MADE,
    TABLE_CREATED,
    table_id_of,
)


def ledger_books(type_: str, data: Mapping[str, Any]) -> bool:
    """Whether the projector books anything for an event of this type and data (the
    registry's `books`: an append of events it does not book needs no transaction for it)."""
    if type_ in (TABLE_CREATED, PLAYER_JOINED):
        return True
    if type_ == RULING_MADE:
        return bool(data.get("postings"))
    if type_ != EVENT_UNDONE:
        return False
    return data.get("undone_type") == PLAYER_JOINED or any(
        isinstance(v, int) for v in data.get("voided_versions") or ()
    )


def _books(event: RecordedEvent) -> bool:
    # `takes_back_a_join` and `voided_versions`, on the event's type and data alone.
    return ledger_books(event.type, event.data)


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
    club_id = events[0].club  # the rows are keyed by the club of the table's partition
    if all(event.type == RULING_MADE for event in events) and _rulings_booked(
        table_id, club_id, events
    ):
        return  # the usual case, a deal's antes or its settlement: one statement
    # The lock orders us after a concurrent rebuild of this table.
    table = table_locked(table_id, club_id)
    is_new = table is None
    if table is None:
        table = LedgerTable(table_id=table_id, club_id=club_id)
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
        elif event.type == RULING_MADE:
            legs, pot = ruling_legs(event, table_id, pot)
            pending.extend(legs)
        else:
            pot, pending = _undo(table, event, pot, pending)
        table.last_position = event.position
    legs_insert(pending, club_id=club_id)
    table.pot = pot
    if is_new:
        table.save(force_insert=True)
    else:  # the club's row only (Citus: one shard; the club, its key, is never set)
        table_update(table)


def _rulings_booked(table_id: uuid.UUID, club_id: object, rulings: Sequence[RecordedEvent]) -> bool:
    """The rulings folded here from a pot of 0 (the database checks the lowest `pot_after`
    against the table's) and booked in one statement by `rulings_book`: the fold and the
    write side by side, neither calling the other."""
    legs: list[Leg] = []
    pot = 0
    for event in rulings:
        more, pot = ruling_legs(event, table_id, pot, pot_checked=False)
        legs.extend(more)
    positions = (rulings[0].position, rulings[-1].position)
    return rulings_book(table_id, club_id, legs, pot_change=pot, positions=positions)


def _undo(
    table: LedgerTable, undo: RecordedEvent, pot: int, pending: list[Leg]
) -> tuple[int, list[Leg]]:
    """Persist what `undo_changes` decides: the stored legs it voids are marked with an
    UPDATE, the pending ones (this append's, not inserted yet) in memory; the new seats."""
    versions = voided_versions(undo)
    rows = (
        PostingLeg.objects.filter(
            table_id=table.table_id,
            club_id=table.club_id,
            version__in=versions,
            voided_by__isnull=True,
        )
        if versions
        else []
    )
    stored = {leg.key: (row.pk, leg) for row in rows for leg in [row_leg(row)]}
    seats = _seats_before(table.table_id, undo) if takes_back_a_join(undo) else None
    live = [*pending, *(leg for _, leg in stored.values())]
    changes = undo_changes(undo, live=live, pot=pot, seats=seats)
    voided = {leg.key: leg for leg in changes.voided}
    saved = [stored[key][0] for key in voided if key in stored]
    if saved:
        PostingLeg.objects.filter(club_id=table.club_id, pk__in=saved).update(
            voided_by=undo.position
        )
    if changes.seats is not None:
        table.players = list(changes.seats.players)
    return changes.pot, [voided.get(leg.key, leg) for leg in pending]


def _seats_before(table_id: uuid.UUID, undo: RecordedEvent) -> Seats:
    """The table's seats just before ``undo``, by the ledger's own fold of its stream (rare:
    an undone join; the ledger's row keeps the seat order, not the joins it follows from)."""
    events = read_stream(
        stream=undo.stream,
        club=undo.club or None,
        types=(TABLE_CREATED, PLAYER_JOINED, EVENT_UNDONE),
    )
    return fold_table(table_id, [event for event in events if event.version < undo.version]).seats
