"""A sitting's settlement: each player's statement from the ledger's postings (antes, fees,
penalties, winnings, closing share, net) and, once the table is closed, the settling-up
transfers of its `table_closed` ruling (RULES.md §5).

The amounts are the ledger's own (legs not voided); the seat order and the closing are
read from the table's stream through the published contract, since the ledger keeps
neither (a closing with an empty pot posts nothing, and joins post nothing).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Sum

from eventlog import RecordedEvent, read_stream
from ledger.folding import fold_table
from ledger.models import LedgerTable, PostingLeg
from ledger.selectors import PLAYER
from table_stream import (
    EVENT_UNDONE,
    PLAYER_JOINED,
    RULING_MADE,
    TABLE_CREATED,
    PostingKind,
    RulingKind,
    stream_name,
)

#: Posting kind -> statement column, and the sign that makes the column a positive amount.
COLUMNS: dict[str, tuple[str, int]] = {
    PostingKind.ANTE: ("antes", -1),
    PostingKind.EXCHANGE_FEE: ("fees", -1),
    PostingKind.PENALTY: ("penalties", -1),
    PostingKind.POT_WON: ("winnings", 1),
    PostingKind.SPLIT: ("winnings", 1),
    PostingKind.SHARE: ("winnings", 1),
    PostingKind.CLOSING_SHARE: ("closing_share", 1),
}
STATEMENT_FIELDS = ("antes", "fees", "penalties", "winnings", "closing_share", "net")


@dataclass
class Statement:
    """What a player paid in and took out over the sitting: `net` = winnings + closing
    share - antes - fees - penalties (their balance)."""

    player: str
    antes: int = 0
    fees: int = 0
    penalties: int = 0
    winnings: int = 0
    closing_share: int = 0
    net: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, **{name: getattr(self, name) for name in STATEMENT_FIELDS}}


@dataclass(frozen=True)
class SittingSettlement:
    table_id: uuid.UUID
    closed: bool
    pot: int
    statements: list[Statement] = field(default_factory=list)
    #: `[{"from", "to", "amount"}]` once closed, else None
    transfers: list[dict[str, Any]] | None = None


def ledger_settlement(*, table_id: uuid.UUID) -> SittingSettlement:
    """The settlement of the table's sitting so far (the table is known to the ledger)."""
    seats, closing = _seats_and_closing(table_id, read_stream(stream=stream_name(table_id)))
    statements = {p: Statement(p) for p in seats}
    totals = (
        PostingLeg.objects.filter(
            table_id=table_id, voided_by__isnull=True, account__startswith=PLAYER
        )
        .values("account", "kind")
        .annotate(total=Sum("amount"))
        .order_by("account", "kind")
    )
    for row in totals:
        player = row["account"][len(PLAYER) :]
        line = statements.setdefault(player, Statement(player))
        amount = int(row["total"])
        line.net += amount
        column = COLUMNS.get(row["kind"])
        if column is not None:
            name, sign = column
            setattr(line, name, getattr(line, name) + sign * amount)
    table = LedgerTable.objects.filter(table_id=table_id).only("pot").first()
    return SittingSettlement(
        table_id=table_id,
        closed=closing is not None,
        pot=table.pot if table else 0,
        statements=list(statements.values()),
        transfers=None if closing is None else list(closing.get("transfers") or ()),
    )


def _seats_and_closing(
    table_id: uuid.UUID, events: list[RecordedEvent]
) -> tuple[list[str], dict[str, Any] | None]:
    """Every seat ever taken (seat order) and the closing ruling in force, undos applied:
    the seats by the ledger's own fold (`ledger.folding`, the one rule for an undone join)."""
    seating = [e for e in events if e.type in (TABLE_CREATED, PLAYER_JOINED, EVENT_UNDONE)]
    seats = list(fold_table(table_id, seating).seats.players)
    voided = {
        v for e in events if e.type == EVENT_UNDONE for v in e.data.get("voided_versions") or ()
    }
    closing: dict[str, Any] | None = None
    for event in events:
        if (
            event.type == RULING_MADE
            and event.data.get("kind") == RulingKind.TABLE_CLOSED
            and event.version not in voided
        ):
            closing = dict(event.data.get("ruling") or {})
    return seats, closing


def settlement_rows(settlement: SittingSettlement) -> list[list[Any]]:
    """The statements, then (once closed) a blank line and the transfers."""
    rows: list[list[Any]] = [["player", *STATEMENT_FIELDS]]
    rows += [[s.player, *(getattr(s, f) for f in STATEMENT_FIELDS)] for s in settlement.statements]
    if settlement.transfers is not None:
        rows += [[], ["from", "to", "amount"]]
        rows += [[t["from"], t["to"], t["amount"]] for t in settlement.transfers]
    return rows
