"""Events in, posting legs out: the one fold the projector, the rebuild and the audit share.

Pure (no database): `ruling_legs` turns a `RulingMade` into legs with the running pot, and
`fold_table` folds a whole table stream, undo voids included, into memory.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from games.eventstore import RecordedEvent
from games.table import (
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
    append's transaction, it rolls the append back."""


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
    club_id: str  # "" when the event names none
    name: str
    variant: str
    players: tuple[str, ...]


@dataclass(slots=True)
class LedgerFold:
    """A table's ledger folded in memory: every leg (voided ones too) and the pot now."""

    table_id: uuid.UUID
    info: TableInfo | None = None
    legs: list[Leg] = field(default_factory=list)
    pot: int = 0
    last_position: int = 0
    version: int = 0  # the stream version folded so far
    events: int = 0
    created: tuple[str, ...] = ()  # `TableCreated.players`
    joins: dict[int, PlayerJoinedData] = field(default_factory=dict)  # by stream version


def table_info(event: RecordedEvent, table_id: uuid.UUID) -> TableInfo:
    data = event.data
    club = data.get("club_id")
    return TableInfo(
        table_id=table_id,
        club_id="" if club is None else str(club),
        name=str(data.get("name") or ""),
        variant=str(data.get("variant") or ""),
        players=tuple(str(p) for p in data.get("players") or ()),
    )


def pot_delta(legs: Iterable[Leg]) -> int:
    return sum(leg.amount for leg in legs if leg.account == POT)


def ruling_legs(event: RecordedEvent, table_id: uuid.UUID, pot: int) -> tuple[list[Leg], int]:
    """The legs of a `RulingMade` starting from ``pot``, and the pot after them.

    Each posting is one transaction: its legs must sum to zero and leave the pot at zero or
    more. The cause's position follows from its version: a ruling is appended right after
    its cause, in the same stream, under the log's lock, so the positions between are its.
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
            raise LedgerError(f"event {event.position}: posting {t} has a non-integer amount")
        if sum(n for _, n in raw) != 0:
            raise LedgerError(f"event {event.position}: posting {t} ({kind}) does not sum to zero")
        pot += sum(n for account, n in raw if account == POT)
        if pot < 0:
            raise LedgerError(
                f"event {event.position}: posting {t} ({kind}) takes the pot to {pot}"
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


def fold_table(
    table_id: uuid.UUID, events: Sequence[RecordedEvent], into: LedgerFold | None = None
) -> LedgerFold:
    """Fold a table's events (in order) into ``into`` or a fresh `LedgerFold`."""
    fold = into or LedgerFold(table_id=table_id)
    for event in events:
        fold.events += 1
        fold.version = event.version
        if event.type == TABLE_CREATED:
            fold.info = table_info(event, table_id)
            fold.created, fold.joins = fold.info.players, {}
        elif event.type == PLAYER_JOINED and fold.info is not None:
            fold.joins[event.version] = joined(event)
            fold.info = replace(
                fold.info, players=seated_players(fold.info.players, [joined(event)])
            )
        elif (
            event.type == EVENT_UNDONE
            and event.data.get("undone_type") == PLAYER_JOINED
            and fold.info is not None
        ):
            fold.joins.pop(int(event.data.get("undone_version") or 0), None)
            fold.info = replace(
                fold.info, players=seated_players(fold.created, fold.joins.values())
            )
        elif event.type == RULING_MADE and event.data.get("postings"):
            legs, fold.pot = ruling_legs(event, table_id, fold.pot)
            fold.legs.extend(legs)
        elif event.type == EVENT_UNDONE and voided_versions(event):
            versions = voided_versions(event)
            voided = [leg for leg in fold.legs if leg.voided_by is None and leg.version in versions]
            fold.pot -= pot_delta(voided)
            if fold.pot < 0:
                raise LedgerError(f"event {event.position}: the undo takes the pot to {fold.pot}")
            keys = {leg.key for leg in voided}
            fold.legs = [
                replace(leg, voided_by=event.position) if leg.key in keys else leg
                for leg in fold.legs
            ]
        else:
            continue
        # The position of the last event that changed this table's ledger.
        fold.last_position = event.position
    return fold
