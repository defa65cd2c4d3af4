"""What the table screen shows: the board every screen of the table shares
(`app_common.board`), and for a scorekeeper the one next step in words: the card picker,
the exchanges, the deal's start, what "Undo" would take back."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext

from app_common.board import board_words
from app_common.cards import card_label, card_name, cards_example, is_red
from app_common.words import event_words, refusal_words
from common.free_text import UNDO_REASON_MAX_LENGTH
from games.selectors import Board, table_board


def _picker_card(card: Mapping[str, Any]) -> dict[str, Any]:
    state = card["state"]
    if state == "seen":
        why = pgettext("a card in the picker", "already seen")
    elif state == "elsewhere":
        why = gettext("in %(player)s's hand") % {"player": card["holder"]}
    elif state == "refused":
        why = refusal_words(card["obligation"])
    elif state == "absent":
        why = pgettext("a card in the picker", "not in the hand")
    else:
        why = ""
    which = card["card"]  # the engine's `QH`
    return {
        "card": which,
        "label": card_label(which),
        "name": card_name(which),
        "red": is_red(which),
        "state": state,
        "why": why,
    }


def _step(step: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The next step with its cards in the reader's words."""
    if step is None:
        return None
    if step["kind"] == "deal":
        deck = [[{"card": c, "label": card_label(c), "red": is_red(c)} for c in row]
                for row in step["deck"]]  # fmt: skip
        return {**step, "deck": deck, "hand_example": cards_example("AS", "KS", "QH", "2D", "3C")}
    if step["kind"] == "play":
        return {
            **step,
            "rows": [[_picker_card(c) for c in row] for row in step["rows"]],
            "discard_example": cards_example("2D", "3C"),
            "draw_example": cards_example("9S", "JH"),
        }
    return dict(step)


def _sitting(board: Board) -> dict[str, Any] | None:
    """Between deals at a club night: who may join (and where), leave, or close the table."""
    if board.phase != "between_deals":
        return None
    return {
        "seated": board.seated,
        "left": board.left,
        "players": board.players,
        "can_close": board.deals_settled > 0,
    }


def undo_words(board: Board) -> str | None:
    """What "Undo" would take back now, in words ("cy plays 4♥"), or None."""
    if board.undo_target is None:
        return None
    event_type, data = board.undo_target
    return event_words(event_type, data)


def table_screen(table: Any, *, can_log: bool) -> dict[str, Any]:
    """The template context of the table screen for `table`, as of its last event."""
    board = table_board(table=table, scorekeeper=can_log)
    return {
        **board_words(board),
        "step": _step(board.step),
        "can_log": can_log,
        "can_retract": board.can_retract,
        "undo_target": undo_words(board),
        "undo_reason_max": UNDO_REASON_MAX_LENGTH,
        "sitting": _sitting(board) if can_log else None,
        "new_key": lambda: str(uuid.uuid4()),
    }
