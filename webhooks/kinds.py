"""Which events a webhook kind names. Only table streams (``table-<uuid>``) are delivered."""

from __future__ import annotations

from eventlog import RecordedEvent
from table_stream import (
    EVENT_UNDONE,
    RULING_MADE,
    TABLE_CLOSED,
    TABLE_CREATED,
    RulingKind,
    is_table_stream,
)

#: The webhook kinds a subscriber asks for (their own published names: most are the ruling
#: kind they deliver, spelled the same; `renege_ruled` is not).
DEAL_SETTLED_KIND = RulingKind.DEAL_SETTLED
RENEGE_KIND = "renege_ruled"
POT_CARRIED_KIND = RulingKind.POT_CARRIED
POT_WON_KIND = RulingKind.POT_WON
POT_SPLIT_KIND = RulingKind.POT_SPLIT
POT_SHARED_KIND = RulingKind.POT_SHARED
BOURRE_KIND = RulingKind.BOURRE
TABLE_CREATED_KIND = "table_created"
EVENT_UNDONE_KIND = "event_undone"
TABLE_CLOSED_KIND = "table_closed"

#: `RulingMade.kind` -> webhook kind.
RULING_KINDS = {
    RulingKind.DEAL_SETTLED: DEAL_SETTLED_KIND,
    RulingKind.RENEGE: RENEGE_KIND,
    RulingKind.POT_CARRIED: POT_CARRIED_KIND,
    RulingKind.POT_WON: POT_WON_KIND,
    RulingKind.POT_SPLIT: POT_SPLIT_KIND,
    RulingKind.POT_SHARED: POT_SHARED_KIND,
    RulingKind.BOURRE: BOURRE_KIND,
}
#: Event type -> webhook kind, for events that are not rulings.
EVENT_KINDS = {
    TABLE_CREATED: TABLE_CREATED_KIND,
    EVENT_UNDONE: EVENT_UNDONE_KIND,
    TABLE_CLOSED: TABLE_CLOSED_KIND,
}

WEBHOOK_KINDS: tuple[str, ...] = (*RULING_KINDS.values(), *EVENT_KINDS.values())

KIND_DESCRIPTIONS = {
    DEAL_SETTLED_KIND: f"{RULING_MADE} {RulingKind.DEAL_SETTLED}: a deal is over "
    "(summary in bourre-ruling/1)",
    RENEGE_KIND: f"{RULING_MADE} {RulingKind.RENEGE}: a renege was proven and penalised",
    POT_CARRIED_KIND: f"{RULING_MADE} {RulingKind.POT_CARRIED}: the pot stays for the next deal",
    POT_WON_KIND: f"{RULING_MADE} {RulingKind.POT_WON}",
    POT_SPLIT_KIND: f"{RULING_MADE} {RulingKind.POT_SPLIT}",
    POT_SHARED_KIND: f"{RULING_MADE} {RulingKind.POT_SHARED}",
    BOURRE_KIND: f"{RULING_MADE} {RulingKind.BOURRE}: a player who played took no trick",
    TABLE_CREATED_KIND: f"{TABLE_CREATED}: a table was opened (its players and options)",
    EVENT_UNDONE_KIND: f"{EVENT_UNDONE}: an event was undone (its rulings voided)",
    TABLE_CLOSED_KIND: f"{TABLE_CLOSED}: the sitting is over "
    "(the pot shared out, balances settled up)",
}


def webhook_kind(event: RecordedEvent) -> str | None:
    """The webhook kind of an event, or None if no webhook can ask for it."""
    if not is_table_stream(event.stream):
        return None
    if event.type == RULING_MADE:
        return RULING_KINDS.get(str(event.data.get("kind")))
    return EVENT_KINDS.get(event.type)
