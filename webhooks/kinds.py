"""Which events a webhook kind names. Only table streams (``table-<uuid>``) are delivered."""

from __future__ import annotations

from games.eventstore import RecordedEvent
from games.table import EVENT_UNDONE, RULING_MADE, TABLE_CLOSED, TABLE_CREATED, is_table_stream

#: `RulingMade.kind` -> webhook kind.
RULING_KINDS = {
    "deal_settled": "deal_settled",
    "renege": "renege_ruled",
    "pot_carried": "pot_carried",
    "pot_won": "pot_won",
    "pot_split": "pot_split",
    "pot_shared": "pot_shared",
    "bourre": "bourre",
}
#: Event type -> webhook kind, for events that are not rulings.
EVENT_KINDS = {
    TABLE_CREATED: "table_created",
    EVENT_UNDONE: "event_undone",
    TABLE_CLOSED: "table_closed",
}

WEBHOOK_KINDS: tuple[str, ...] = (*RULING_KINDS.values(), *EVENT_KINDS.values())

KIND_DESCRIPTIONS = {
    "deal_settled": "RulingMade deal_settled: a deal is over (summary in bourre-ruling/1)",
    "renege_ruled": "RulingMade renege: a renege was proven and penalised",
    "pot_carried": "RulingMade pot_carried: the pot stays for the next deal",
    "pot_won": "RulingMade pot_won",
    "pot_split": "RulingMade pot_split",
    "pot_shared": "RulingMade pot_shared",
    "bourre": "RulingMade bourre: a player who played took no trick",
    "table_created": f"{TABLE_CREATED}: a table was opened (its players and options)",
    "event_undone": "EventUndone: an event was undone (its rulings voided)",
    "table_closed": "TableClosed: the sitting is over (the pot shared out, balances settled up)",
}


def webhook_kind(event: RecordedEvent) -> str | None:
    """The webhook kind of an event, or None if no webhook can ask for it."""
    if not is_table_stream(event.stream):
        return None
    if event.type == RULING_MADE:
        return RULING_KINDS.get(str(event.data.get("kind")))
    return EVENT_KINDS.get(event.type)
