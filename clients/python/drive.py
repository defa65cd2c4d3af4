"""A table night through the generated Python client, as an integrator writes it.

    python clients/python/drive.py http://127.0.0.1:8000 bk_..._...   (a scorekeeper's key)

Creates a louisiana table with logged hands, plays a whole deal event by event with each
card chosen from the typed legal plays (one renege on purpose: a refused card, whose
ruling is read as a typed `RenegeRulingMade`), takes a card back with an undo, closes the
table, reads the settlement as JSON and as CSV, and follows the table's stream, resuming
with `Last-Event-ID`. Only the generated package (`bourre_referee_client`) and httpx, which
it is built on. tests/clients/test_python_client.py runs it against a live server.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from bourre_referee_client import AuthenticatedClient
from bourre_referee_client.api.events import tables_events_append
from bourre_referee_client.api.ledger import tables_settlement, tables_settlement_csv
from bourre_referee_client.api.tables import tables_create, tables_state
from bourre_referee_client.models import (
    CloseBody,
    CloseEvent,
    DealEvent,
    DealHeader,
    DealHeaderHandsType0,
    Declaration,
    DeclareEvent,
    ErrorResponse,
    EventPageOutput,
    EventsAppendInputRequest,
    EventsAppendOutput,
    LouisianaOptionsInput,
    Obligation,
    Phase,
    PlayEvent,
    RenegeRulingMade,
    SettlementOutput,
    TableCreateInputRequest,
    TableOutput,
    TableState,
    UndoBody,
    UndoEvent,
    Variant,
)

HANDS = {
    "ana": ["AS", "KS", "QH", "2D", "3C"],
    "ben": ["2S", "3S", "5S", "6S", "8S"],
    "cy": ["4S", "JH", "9H", "5D", "6C"],
    "dee": ["7S", "8H", "TD", "4C", "2H"],
}
PLAYERS = ["ana", "ben", "cy", "dee"]
Event = DealEvent | DeclareEvent | PlayEvent | UndoEvent | CloseEvent


@dataclass
class Night:
    """What the drive saw, for its caller to check."""

    table_id: UUID
    version: int = 0
    plays: list[tuple[str, str]] = field(default_factory=list)
    renege: RenegeRulingMade | None = None
    undone: list[int] = field(default_factory=list)
    settlement: SettlementOutput | None = None
    settlement_csv: str = ""
    streamed: list[int] = field(default_factory=list)
    resumed_after: int = 0


def post(client: AuthenticatedClient, night: Night, *events: Event) -> EventsAppendOutput:
    body = EventsAppendInputRequest(expected_version=night.version, events=list(events))
    answer = tables_events_append.sync(night.table_id, client=client, body=body)
    if not isinstance(answer, EventsAppendOutput):
        raise RuntimeError(f"refused: {answer}")
    night.version = answer.version
    return answer


def state_of(client: AuthenticatedClient, night: Night) -> TableState:
    state = tables_state.sync(night.table_id, client=client)
    if not isinstance(state, TableState):
        raise RuntimeError(f"no state: {state}")
    return state


def play_the_deal(client: AuthenticatedClient, night: Night) -> None:
    """Each card from the state's typed legal plays: the first allowed one, but once, when
    cy could break an obligation, the refused card (a renege the referee rules on)."""
    while True:
        state = state_of(client, night)
        if state.phase not in (Phase.EXCHANGING, Phase.PLAYING):  # a lead ends the exchanges
            return
        plays = state.legal_plays
        if plays is None or not plays.hand_known:
            raise RuntimeError(f"no legal plays for {state.to_act}")
        if plays.player == "cy" and night.renege is None and plays.refused:
            card = plays.refused[0].card
        else:
            card = plays.allowed[0]
        answer = post(client, night, PlayEvent(player=plays.player, play=card))
        night.plays.append((plays.player, card))
        for ruling in answer.rulings:
            if isinstance(ruling, RenegeRulingMade):
                night.renege = ruling
        if len(night.plays) == 1:  # the first card, taken back and played again
            undo = post(client, night, UndoEvent(undo=UndoBody(reason="wrong tap")))
            night.undone = [undone.undone_version for undone in undo.undone]
            post(client, night, PlayEvent(player=plays.player, play=card))


def sse_events(text: str) -> list[dict[str, Any]]:
    """The `data:` of each event block of a Server-Sent Events body."""
    events = []
    for block in text.split("\n\n"):
        data = [line[5:].strip() for line in block.split("\n") if line.startswith("data:")]
        if data and any(line.startswith("id:") for line in block.split("\n")):
            events.append(json.loads("\n".join(data)))
    return events


def read_stream(
    client: AuthenticatedClient, night: Night, *, until: int, **request: Any
) -> list[dict[str, Any]]:
    """The stream's events until the one of version `until` has come, then hang up. (The
    generated `tables_stream` reads a whole body, which a live stream never ends: its events
    are read here as they come, with the client's own httpx.)"""
    seen: list[dict[str, Any]] = []
    url = f"/api/v1/tables/{night.table_id}/stream"
    with client.get_httpx_client().stream("GET", url, **request) as answer:
        answer.raise_for_status()
        buffer = ""
        for chunk in answer.iter_text():
            buffer += chunk
            *blocks, buffer = buffer.split("\n\n")
            seen += sse_events("\n\n".join(blocks) + "\n\n")
            if seen and seen[-1]["version"] >= until:
                return seen
    return seen


def follow_the_stream(client: AuthenticatedClient, night: Night) -> None:
    """The stream from the first event until half the events came, then resumed with
    `Last-Event-ID` from the last one seen: every event once, in order. Each is read as the
    typed `Event` of the log (a `oneOf` by `type`, parsed as a page of the log is)."""
    seen = read_stream(client, night, until=night.version // 2, params={"after": 0})
    night.resumed_after = seen[-1]["version"]
    headers = {"Last-Event-ID": str(night.resumed_after)}
    seen += read_stream(client, night, until=night.version, headers=headers)
    typed = EventPageOutput.from_dict({"events": seen, "next": None}).events
    night.streamed = [event.version for event in typed]


def drive(base_url: str, key: str) -> Night:
    client = AuthenticatedClient(base_url=base_url, token=key, raise_on_unexpected_status=True)
    created = tables_create.sync(
        client=client,
        body=TableCreateInputRequest(
            name="A night with the generated client",
            variant=Variant.LOUISIANA,
            players=PLAYERS,
            options=LouisianaOptionsInput(ante=1),
        ),
    )
    if not isinstance(created, TableOutput):
        raise RuntimeError(f"not created: {created}")
    night = Night(table_id=created.id, version=created.version)
    post(
        client,
        night,
        DealEvent(
            deal=DealHeader(dealer="dee", trump="7S", hands=DealHeaderHandsType0.from_dict(HANDS))
        ),
        *(
            DeclareEvent(player=p, declare=Declaration.PASS if p == "ben" else Declaration.PLAY)
            for p in PLAYERS
        ),
    )
    play_the_deal(client, night)
    post(client, night, CloseEvent(close=CloseBody()))
    settlement = tables_settlement.sync(night.table_id, client=client)
    if isinstance(settlement, ErrorResponse) or settlement is None:
        raise RuntimeError(f"no settlement: {settlement}")
    night.settlement = settlement
    csv = tables_settlement_csv.sync(night.table_id, client=client)
    night.settlement_csv = csv if isinstance(csv, str) else ""
    follow_the_stream(client, night)
    return night


if __name__ == "__main__":
    result = drive(sys.argv[1], sys.argv[2])
    renege = result.renege
    print(f"table {result.table_id}: {len(result.plays)} cards, version {result.version}")
    if renege is not None:
        obligation: Obligation = renege.ruling.obligation
        print(f"renege by {renege.ruling.player} ({obligation.value}), {renege.ruling.amount}")
    print(result.settlement_csv)
