"""Joining and leaving between deals (RULES.md §5).

`players` is every seat ever taken, in seat order, so a ruling can always name its
players; `seated` is who sits there now. A newcomer's seat goes into `players` at the
named place; a player who left keeps their seat (and balance) and can only take that
seat back, so the seat order of every deal already played stays what it was.
"""

from __future__ import annotations

import unicodedata

from .errors import Rejection
from .events import Join, Leave
from .state import Ruling, Sitting, evolve
from .variants import get_variant


def between_deals(sitting: Sitting, why: str) -> None:
    """Refuse a change of the sitting while a deal is being played."""
    deal = sitting.deal
    if deal is not None and not deal.over:
        raise Rejection(
            "deal_in_progress",
            f"deal {deal.index + 1} is in progress: {why}",  # people count deals from 1
            deal=deal.index,
        )


def join(sitting: Sitting, ev: Join) -> tuple[Sitting, list[Ruling]]:
    between_deals(sitting, "players join only between deals")
    players = sitting.players
    seated = sitting.at_table
    if ev.player in seated:
        raise Rejection(
            "already_seated", f"join.player: {ev.player} is already seated", field="join.player"
        )
    if ev.seat_after is not None and ev.seat_after not in players:
        raise Rejection(
            "unknown_player",
            f"join.seat_after: {ev.seat_after!r} is not at this table",
            field="join.seat_after",
        )
    if ev.player in players:
        _check_own_seat(players, ev)
        balances = sitting.balances
    else:
        _check_newcomer(sitting, ev)
        players = seat_order(players, ev)
        balances = {p: sitting.balances.get(p, 0) for p in players}  # in seat order
    now = tuple(p for p in players if p in seated or p == ev.player)
    return evolve(sitting, players=players, seated=now, balances=balances), []


def _check_own_seat(players: tuple[str, ...], ev: Join) -> None:
    at = players.index(ev.player)
    own = players[at - 1] if at else None
    if ev.seat_after != own:
        place = "the first seat" if own is None else f"the seat after {own}"
        raise Rejection(
            "not_own_seat",
            f"join.seat_after: {ev.player} comes back to their own seat, {place}",
            field="join.seat_after",
        )


def _check_newcomer(sitting: Sitting, ev: Join) -> None:
    """A new name: not another player's in a different case, and a seat left to take."""
    folded = _folded(ev.player)
    for p in sitting.players:
        if _folded(p) == folded:
            raise Rejection(
                "invalid_players",
                f"join.player: same name as {p} (ignoring case)",
                field="join.player",
            )
    most = get_variant(sitting.variant).max_players
    if len(sitting.players) >= most:
        raise Rejection(
            "player_count",
            f"join.player: a {sitting.variant} table has at most {most} seats over its "
            "sitting (every seat ever taken counts): open another table",
            field="join.player",
        )


def leave(sitting: Sitting, ev: Leave) -> tuple[Sitting, list[Ruling]]:
    between_deals(sitting, "players leave only between deals")
    if ev.player not in sitting.players:
        raise Rejection(
            "unknown_player",
            f"leave.player: {ev.player!r} is not at this table",
            field="leave.player",
        )
    if ev.player not in sitting.at_table:
        raise Rejection(
            "not_seated", f"leave.player: {ev.player} has already left", field="leave.player"
        )
    now = tuple(p for p in sitting.at_table if p != ev.player)
    return evolve(sitting, seated=now), []


def seat_order(players: tuple[str, ...], ev: Join) -> tuple[str, ...]:
    """Every seat ever taken once `ev` is seated (a player coming back keeps their seat)."""
    if ev.player in players:
        return players
    at = 0 if ev.seat_after is None else players.index(ev.seat_after) + 1
    return (*players[:at], ev.player, *players[at:])


def _folded(name: str) -> str:
    """A name as two players' names must not coincide (ignoring case and width)."""
    return unicodedata.normalize("NFKC", name).casefold()
