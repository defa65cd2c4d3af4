"""Events in, posting legs out: the one fold the projector, the rebuild and the audit share.

Pure (no database): `ruling_legs` turns a `RulingMade` into legs with the running pot,
`undo_changes` decides what an `EventUndone` changes (the legs it voids, the pot, the seats),
and `fold_table` folds a whole table stream into memory with them. The inline projector
books with the same two functions and only persists what they return.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.utils import translation

from eventlog import RecordedEvent
from ledger.findings import (
    AMOUNT_NOT_WHOLE,
    POSTING_UNBALANCED,
    POT_BELOW_ZERO,
    UNDO_POT_BELOW_ZERO,
    unbookable_words,
)
from table_stream import (
    EVENT_UNDONE,
    PLAYER_JOINED,
    RULING_MADE,
    TABLE_CREATED,
    PlayerJoinedData,
    seats_after_join,
)

POT = "pot"
LEDGER_EVENTS = frozenset({TABLE_CREATED, PLAYER_JOINED, RULING_MADE, EVENT_UNDONE})


class LedgerError(Exception):
    """An event the ledger cannot book (unbalanced posting, pot below zero). Raised inside the
    append's transaction, it rolls the append back.

    ``code`` names what is wrong (`ledger.findings.UNBOOKABLE`: the audit's `unbookable`
    difference keeps it and its ``params``, machine values, so a stored audit is said in
    the language of whoever reads it later); ``message`` is the sentence in the active
    language, for a person; ``str(error)`` the English one (logs, the rebuild's report).
    The rebuild's summary of several tables is an English ``sentence`` with no code.
    """

    def __init__(self, code: str, *, sentence: str = "", **params: object) -> None:
        self.code = code
        self.params = params
        self.sentence = sentence
        with translation.override("en"):
            super().__init__(self.message)

    @property
    def message(self) -> str:
        return unbookable_words(self.code, self.params) or self.sentence


@dataclass(frozen=True, slots=True)
class Leg:
    table_id: uuid.UUID
    position: int
    version: int
    cause_position: int | None
    cause_version: int | None
    deal: int | None
    ruling: str
    transaction: int
    leg: int
    kind: str
    account: str
    amount: int
    pot_after: int
    recorded_at: datetime
    voided_by: int | None = None

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.position, self.transaction, self.leg)


@dataclass(frozen=True, slots=True)
class TableInfo:
    table_id: uuid.UUID
    # The event's `club_id`, else the club whose partition holds it (a `TableCreated` of
    # the first log named none: its table's events are in the zero club's partition).
    club_id: str
    name: str
    variant: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Seats:
    """What the seat order follows from: `TableCreated.players` and the joins in force, by
    stream version (an undone join is dropped; the rest replay in order)."""

    created: tuple[str, ...] = ()
    joins: Mapping[int, PlayerJoinedData] = field(default_factory=dict)

    @property
    def players(self) -> tuple[str, ...]:
        return seated_players(self.created, self.joins.values())

    def join(self, version: int, join: PlayerJoinedData) -> Seats:
        return Seats(self.created, {**self.joins, version: join})

    def without(self, version: int) -> Seats:
        return Seats(self.created, {v: j for v, j in self.joins.items() if v != version})


@dataclass(frozen=True, slots=True)
class UndoChanges:
    """What one `EventUndone` changes in a table's ledger."""

    voided: tuple[Leg, ...]  # the legs it voids, marked `voided_by` the undo's position
    pot: int  # the pot without them
    seats: Seats | None  # the seats once an undone join is taken back; None: unchanged


@dataclass(slots=True)
class LedgerFold:
    """A table's ledger folded in memory: every leg (voided ones too) and the pot now."""

    table_id: uuid.UUID
    # The club whose partition holds the table's events (what the rows are keyed by).
    club: str = ""
    info: TableInfo | None = None
    legs: list[Leg] = field(default_factory=list)
    pot: int = 0
    last_position: int = 0
    version: int = 0  # the stream version folded so far
    events: int = 0
    seats: Seats = field(default_factory=Seats)


def table_info(event: RecordedEvent, table_id: uuid.UUID) -> TableInfo:
    data = event.data
    club = data.get("club_id")
    return TableInfo(
        table_id=table_id,
        club_id=event.club if club is None else str(club),
        name=str(data.get("name") or ""),
        variant=str(data.get("variant") or ""),
        players=tuple(str(p) for p in data.get("players") or ()),
    )


def pot_delta(legs: Iterable[Leg]) -> int:
    return sum(leg.amount for leg in legs if leg.account == POT)


def ruling_legs(
    event: RecordedEvent, table_id: uuid.UUID, pot: int, *, pot_checked: bool = True
) -> tuple[list[Leg], int]:
    """The legs of a `RulingMade` starting from ``pot``, and the pot after them.

    Each posting is one transaction: its legs must sum to zero and leave the pot at zero or
    more. The cause's position follows from its version: a ruling is appended right after
    its cause, in the same stream, under the log's lock, so the positions between are its.
    Without `pot_checked` the pot may go below zero: the projector's one-statement booking
    folds from a pot of 0 before it knows the table's, and has the database check the
    lowest `pot_after` against it.
    """
    data: dict[str, Any] = event.data
    cause_version = data.get("cause_version")
    cause_position = (
        event.position - (event.version - cause_version) if isinstance(cause_version, int) else None
    )
    legs: list[Leg] = []
    for t, posting in enumerate(data.get("postings") or ()):
        kind = str(posting.get("kind"))
        raw = [(str(account), amount) for account, amount in posting.get("legs") or ()]
        if any(isinstance(n, bool) or not isinstance(n, int) for _, n in raw):
            raise LedgerError(AMOUNT_NOT_WHOLE, position=event.position, posting=t, kind=kind)
        if sum(n for _, n in raw) != 0:
            raise LedgerError(
                POSTING_UNBALANCED,
                position=event.position,
                posting=t,
                kind=kind,
            )
        pot += sum(n for account, n in raw if account == POT)
        if pot < 0 and pot_checked:
            raise LedgerError(
                POT_BELOW_ZERO,
                position=event.position,
                posting=t,
                kind=kind,
                pot=pot,
            )
        legs.extend(
            Leg(
                table_id=table_id,
                position=event.position,
                version=event.version,
                cause_position=cause_position,
                cause_version=cause_version if isinstance(cause_version, int) else None,
                deal=data.get("deal") if isinstance(data.get("deal"), int) else None,
                ruling=str(data.get("kind") or ""),
                transaction=t,
                leg=i,
                kind=kind,
                account=account,
                amount=amount,
                pot_after=pot,
                recorded_at=event.recorded_at,
            )
            for i, (account, amount) in enumerate(raw)
        )
    return legs, pot


def joined(event: RecordedEvent) -> PlayerJoinedData:
    return {"player": str(event.data["player"]), "seat_after": event.data.get("seat_after")}


def seated_players(created: Sequence[str], joins: Iterable[PlayerJoinedData]) -> tuple[str, ...]:
    """Every seat ever taken, in seat order: the table's players, then each join in force
    (a player who joins later is in the ledger's player list, and has a balance)."""
    seats = list(created)
    for join in joins:
        seats = seats_after_join(seats, join)
    return tuple(seats)


def voided_versions(event: RecordedEvent) -> set[int]:
    return {v for v in event.data.get("voided_versions") or () if isinstance(v, int)}


def takes_back_a_join(event: RecordedEvent) -> bool:
    return event.type == EVENT_UNDONE and event.data.get("undone_type") == PLAYER_JOINED


def undo_changes(
    undo: RecordedEvent, *, live: Iterable[Leg], pot: int, seats: Seats | None
) -> UndoChanges:
    """What ``undo`` changes, given the legs booked so far (``live``: those not voided yet,
    or more), the pot now and the table's seats (None when not known: no table yet).

    The legs of the rulings it lists (`voided_versions`) are voided and their chips go back
    (refused if that takes the pot below zero). An undone join leaves the joins in force
    without it, and the seats are replayed from them: an undo takes back the last game
    event not yet undone, never an undo (docs/api.md), so a join undone after later joins
    were undone, or a player who joins again after an undone join, come out as if the
    undone join had never been logged.
    """
    versions = voided_versions(undo)
    voided = tuple(
        replace(leg, voided_by=undo.position)
        for leg in live
        if leg.voided_by is None and leg.version in versions
    )
    pot -= pot_delta(voided)
    if pot < 0:
        raise LedgerError(UNDO_POT_BELOW_ZERO, position=undo.position, pot=pot)
    if seats is not None and takes_back_a_join(undo):
        seats = seats.without(int(undo.data.get("undone_version") or 0))
    else:
        seats = None
    return UndoChanges(voided=voided, pot=pot, seats=seats)


def fold_table(
    table_id: uuid.UUID, events: Sequence[RecordedEvent], into: LedgerFold | None = None
) -> LedgerFold:
    """Fold a table's events (in order) into ``into`` or a fresh `LedgerFold`."""
    fold = into or LedgerFold(table_id=table_id)
    for event in events:
        fold.events += 1
        fold.version = event.version
        fold.club = event.club or fold.club
        if event.type == TABLE_CREATED:
            fold.info = table_info(event, table_id)
            fold.seats = Seats(fold.info.players)
        elif event.type == PLAYER_JOINED and fold.info is not None:
            fold.seats = fold.seats.join(event.version, joined(event))
            fold.info = replace(
                fold.info, players=seated_players(fold.info.players, [joined(event)])
            )
        elif event.type == RULING_MADE and event.data.get("postings"):
            legs, fold.pot = ruling_legs(event, table_id, fold.pot)
            fold.legs.extend(legs)
        elif (takes_back_a_join(event) and fold.info is not None) or (
            event.type == EVENT_UNDONE and voided_versions(event)
        ):
            known = fold.seats if fold.info is not None else None
            changes = undo_changes(event, live=fold.legs, pot=fold.pot, seats=known)
            fold.pot = changes.pot
            if changes.voided:
                by_key = {leg.key: leg for leg in changes.voided}
                fold.legs = [by_key.get(leg.key, leg) for leg in fold.legs]
            if changes.seats is not None and fold.info is not None:
                fold.seats = changes.seats
                fold.info = replace(fold.info, players=changes.seats.players)
        else:
            continue
        # The position of the last event that changed this table's ledger.
        fold.last_position = event.position
    return fold
