"""What the display and the players' view show of a table: the board every screen of the
table shares (`games.selectors.table_board`, in words by `app_common.board`), read-only,
and on the phones each player's statement."""

from __future__ import annotations

from typing import Any

from app_common.board import board_words
from app_common.labels import statement_label
from games.selectors import table_board
from ledger.settlement import STATEMENT_FIELDS, ledger_settlement
from seasons.room import room_standings


def table_board_words(
    table: Any, *, statements: bool = False, player: str | None = None
) -> dict[str, Any]:
    """The board in the reader's words; with `statements`, each player's statement
    (antes, fees, penalties, winnings, closing share, net). Between deals and at the close,
    the room's standings (`seasons.room`): tonight's leaders and the season's top five;
    with `statements` (a player's phone), `player`'s own line instead."""
    board = board_words(table_board(table=table))
    if board["between_deals"] or board["closed"]:
        board["room"] = room_standings(club=table.club, player=player if statements else None)
        board["own_line"] = statements
        board["players"] = list(board["board"].players) if statements else []
    if statements:
        settlement = ledger_settlement(table_id=table.id)
        # The net first: on a phone the last columns scroll out of sight.
        fields = ("net", *(f for f in STATEMENT_FIELDS if f != "net"))
        board["statement_fields"] = [statement_label(f) for f in fields]
        board["statements"] = [
            (s.player, [getattr(s, f) for f in fields]) for s in settlement.statements
        ]
    return board


#: Where each seat sits around the display's felt, by how many are at the table, in seat
#: order clockwise from the left (`live.css`: the areas of `.display-board .room`; t1 to t3
#: above the felt, r right of it, b3 to b1 below it).
AROUND = {
    1: ("b2",),
    2: ("l", "r"),
    3: ("t1", "t3", "b2"),
    4: ("l", "t2", "r", "b2"),
    5: ("l", "t1", "t3", "r", "b2"),
    6: ("l", "t1", "t3", "r", "b3", "b1"),
    7: ("l", "t1", "t2", "t3", "r", "b3", "b1"),
    8: ("l", "t1", "t2", "t3", "r", "b3", "b2", "b1"),
}


def around_the_felt(board: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats of those at the table (a player who left has no place at it), each with
    its place around the felt."""
    seated = set(board["board"].seated)
    seats = [s for s in board["seats"] if s["player"] in seated]
    places = AROUND.get(len(seats), ())
    return [
        {**seat, "at": place, "name_size": _name_size(seat["player"])}
        for seat, place in zip(seats, places, strict=False)
    ]


def _name_size(name: str) -> str:
    """How large a seat can say the name (`live.css`): most names are short."""
    return "short" if len(name) <= 12 else "medium" if len(name) <= 24 else "long"
