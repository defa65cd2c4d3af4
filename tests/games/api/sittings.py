"""A transcript as the API would have been told it over the night: the table created with
the players of the first deal, then before each deal the leaves and joins that make the
table's seats that deal's `seated`, the deals without `seated` (everyone at the table is
dealt in), and a `close` at the end of a closed transcript. Each event carries where a
refusal of it is located in the transcript: (deal, action), action None for a deal's
header, its seat changes and the closing."""

from __future__ import annotations

from typing import Any

from games.engine import (
    Close,
    Event,
    Join,
    Leave,
    StartDeal,
    action_to_json,
    change_to_json,
    deal_to_json,
)
from games.engine.variants import get_variant

Where = tuple[int | None, int | None]


def first_seats(transcript: dict[str, Any]) -> list[str]:
    """The players the table is created with."""
    players = list(transcript["players"])
    deals = transcript.get("deals") or []
    if not deals or "seated" not in deals[0]:
        return players
    first = [p for p in players if p in deals[0]["seated"]]
    v = get_variant(transcript["variant"])
    return first if v.min_players <= len(first) <= v.max_players else players


def api_events(transcript: dict[str, Any]) -> list[tuple[Where, dict[str, Any]]]:
    players = list(transcript["players"])
    seats = first_seats(transcript)  # every seat taken so far, in seat order
    here = list(seats)  # who sits now
    events: list[tuple[Where, dict[str, Any]]] = []
    deals = transcript.get("deals") or []
    for i, deal in enumerate(deals):
        wanted = deal.get("seated", players)
        header = {k: v for k, v in deal.items() if k != "actions"}
        if all(p in players for p in wanted):  # else the engine is to refuse the deal itself
            for p in [p for p in here if p not in wanted]:
                events.append(((i, None), {"leave": {"player": p}}))
                here.remove(p)
            for p in [p for p in players if p in wanted and p not in here]:
                events.append(((i, None), _join(seats, players, p)))
                here.append(p)
            header.pop("seated", None)
        events.append(((i, None), {"deal": header}))
        events.extend(((i, j), action) for j, action in enumerate(deal.get("actions", [])))
    last = len(deals) - 1 if deals else None
    for p in [p for p in players if p not in seats]:  # a seat nobody was dealt in at
        events.append(((last, None), _join(seats, players, p)))
    if transcript.get("closed"):
        events.append(((last, None), {"close": {}}))
    return events


def _join(seats: list[str], players: list[str], player: str) -> dict[str, Any]:
    """The join of `player`, and `seats` updated: a player who left takes back their seat
    (after whoever sits before them); a newcomer sits right after the nearest player
    before them in the transcript's order."""
    if player in seats:
        at = seats.index(player)
        return {"join": {"player": player, "seat_after": seats[at - 1] if at else None}}
    before = [p for p in players[: players.index(player)] if p in seats]
    after = before[-1] if before else None
    seats.insert(0 if after is None else seats.index(after) + 1, player)
    return {"join": {"player": player, "seat_after": after}}


def event_json(event: Event) -> dict[str, Any]:
    """An engine event as the events endpoint takes it."""
    if isinstance(event, StartDeal):
        return {"deal": deal_to_json(event)}
    if isinstance(event, Join | Leave | Close):
        return change_to_json(event)
    return action_to_json(event)


def first_players(events: list[Event], players: list[str]) -> list[str]:
    """Who sat at the table before the first of `events`: every seat but the newcomers,
    the players whose first appearance is a join."""
    newcomers = set()
    seen: set[str] = set()
    for event in events:
        if isinstance(event, Join) and event.player not in seen:
            newcomers.add(event.player)
        if isinstance(event, Join | Leave):
            seen.add(event.player)
        elif isinstance(event, StartDeal):
            seen.update(event.seated or ())  # a deal without `seated` names nobody
    return [p for p in players if p not in newcomers]


def passes(*players: str) -> list[dict[str, Any]]:
    return [{"player": p, "declare": "pass"} for p in players]


#: One evening, a request a step: ana, ben and cy; dee arrives after cy, ben goes home,
#: eve takes the first seat; three deals (the first two pots carried, ana alone plays the
#: second); the table closes.
EVENING: list[list[dict[str, Any]]] = [
    [{"deal": {"dealer": "cy", "trump": "2S"}}, *passes("ana", "ben", "cy")],
    [
        {"join": {"player": "dee", "seat_after": "cy"}},
        {"deal": {"dealer": "dee", "trump": "3S"}},
        {"player": "ana", "declare": "play"},
        *passes("ben", "cy", "dee"),
    ],
    [
        {"leave": {"player": "ben"}},
        {"join": {"player": "eve", "seat_after": None}},
        {"deal": {"dealer": "dee", "trump": "4S"}},
        *passes("eve", "ana", "cy", "dee"),
    ],
    [{"close": {}}],
]
