"""What the display and the players' view show of a table: built from the table screen's
own context (`tableapp.screen.table_screen`, the engine's view), read-only."""

from __future__ import annotations

from typing import Any

from ledger.settlement import STATEMENT_FIELDS, ledger_settlement
from seasons.room import room_standings
from tableapp.labels import statement_label
from tableapp.screen import table_screen


def table_board(
    table: Any, *, statements: bool = False, player: str | None = None
) -> dict[str, Any]:
    """Seats, who is to act, the pot, the current trick, the last ruling in words; between
    deals the running balances, once closed the settle-up; with `statements`, each
    player's statement (antes, fees, penalties, winnings, closing share, net). Between deals
    and at the close, the room's standings (`seasons.room`): tonight's leaders and the
    season's top five; with `statements` (a player's phone), `player`'s own line instead."""
    screen = table_screen(table, can_log=False)
    view = screen["view"]
    deal = screen["deal"]
    between = view["phase"] == "between_deals"
    balances = sorted(
        ((p, view["balances"].get(p, 0)) for p in view["players"]), key=lambda b: (-b[1], b[0])
    )
    board = {
        **screen,
        "to_act": view["to_act"],
        "pot": view["pot"],
        "deal_number": deal["index"] + 1 if deal else None,
        "deal_over": bool(deal and deal["over"]),
        "last_ruling": screen["rulings"][-1] if screen["rulings"] else None,
        "between_deals": between,
        "balances": balances,
        "transfers": (screen["closing"] or {}).get("transfers") or [],
    }
    if between or view["closed"]:
        board["room"] = room_standings(club=table.club, player=player if statements else None)
        board["own_line"] = statements
        board["players"] = list(view["players"]) if statements else []
    if statements:
        settlement = ledger_settlement(table_id=table.id)
        # The net first: on a phone the last columns scroll out of sight.
        fields = ("net", *(f for f in STATEMENT_FIELDS if f != "net"))
        board["statement_fields"] = [statement_label(f) for f in fields]
        board["statements"] = [
            (s.player, [getattr(s, f) for f in fields]) for s in settlement.statements
        ]
    return board
