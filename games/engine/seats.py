"""Joining and leaving between deals (RULES.md §5).

`players` is every seat ever taken, in seat order, so a ruling can always name its
players; `seated` is who sits there now. A newcomer's seat goes into `players` at the
named place; a player who left keeps their seat (and balance) and can only take that
seat back, so the seat order of every deal already played stays what it was.
"""

from __future__ import annotations

import unicodedata

from .errors import Phrase, Rejection, gettext_noop
from .events import Join, Leave
from .state import Ruling, Sitting, evolve
from .variants import get_variant


def between_deals(sitting: Sitting, why: str) -> None:
    """Refuse a change of the sitting while a deal is being played."""
    deal = sitting.deal
    if deal is not None and not deal.over:
        raise Rejection(
            "deal_in_progress",
            gettext_noop("deal %(deal)d is in progress: %(why)s"),
            deal=deal.index,
            params={"deal": deal.index + 1, "why": why},  # people count deals from 1
        )


def join(sitting: Sitting, ev: Join) -> tuple[Sitting, list[Ruling]]:
    between_deals(sitting, Phrase(gettext_noop("players join only between deals")))
    players = sitting.players
    seated = sitting.at_table
    if ev.player in seated:
        raise Rejection(
            "already_seated",
            gettext_noop("join.player: %(player)s is already seated"),
            field="join.player",
            params={"player": ev.player},
        )
    if ev.seat_after is not None and ev.seat_after not in players:
        raise Rejection(
            "unknown_player",
            gettext_noop("join.seat_after: %(player)r is not at this table"),
            field="join.seat_after",
            params={"player": ev.seat_after},
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
        if own is None:
            template = gettext_noop(
                "join.seat_after: %(player)s comes back to their own seat, the first seat"
            )
        else:
            template = gettext_noop(
                "join.seat_after: %(player)s comes back to their own seat, the seat after %(own)s"
            )
        raise Rejection(
            "not_own_seat",
            template,
            field="join.seat_after",
            params={"player": ev.player, "own": own},
        )


def _check_newcomer(sitting: Sitting, ev: Join) -> None:
    """A new name: not another player's in a different case, and a seat left to take."""
    folded = _folded(ev.player)
    for p in sitting.players:
        if _folded(p) == folded:
            raise Rejection(
                "invalid_players",
                gettext_noop("join.player: same name as %(player)s (ignoring case)"),
                field="join.player",
                params={"player": p},
            )
    most = get_variant(sitting.variant).max_players
    if len(sitting.players) >= most:
        raise Rejection(
            "player_count",
            gettext_noop(
                "join.player: a %(variant)s table has at most %(most)d seats over its "
                "sitting (every seat ever taken counts): open another table"
            ),
            params={"variant": sitting.variant, "most": most},
            field="join.player",
        )


def leave(sitting: Sitting, ev: Leave) -> tuple[Sitting, list[Ruling]]:
    between_deals(sitting, Phrase(gettext_noop("players leave only between deals")))
    if ev.player not in sitting.players:
        raise Rejection(
            "unknown_player",
            gettext_noop("leave.player: %(player)r is not at this table"),
            field="leave.player",
            params={"player": ev.player},
        )
    if ev.player not in sitting.at_table:
        raise Rejection(
            "not_seated",
            gettext_noop("leave.player: %(player)s has already left"),
            field="leave.player",
            params={"player": ev.player},
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
