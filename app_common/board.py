"""The board (`games.selectors.table_board`) in the reader's words, as every screen of a
table shows it: the scorekeeper's table screen, the TV display and the players' phones
take this one context and add what is theirs (the next step, the invitation to follow,
each player's statement)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app_common.cards import card_label, card_name, is_red
from app_common.labels import phase_words, status_words, variant_name
from app_common.words import outcome_words, ruling_words
from games.selectors import Board, Seat, Trick


def _card(card: str) -> dict[str, Any]:
    return {"card": card, "label": card_label(card), "name": card_name(card), "red": is_red(card)}


def _trick(trick: Trick) -> dict[str, Any]:
    return {
        "number": trick.number,
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [{"player": c.player, **_card(c.card)} for c in trick.cards],
    }


def _seat(seat: Seat, variant: str) -> dict[str, Any]:
    outcomes = [outcome_words(o.kind, o.amount, variant=variant) for o in seat.outcomes]
    return {
        "player": seat.player,
        "dealer": seat.dealer,
        "to_act": seat.to_act,
        "status": seat.status,  # the key: the seat's CSS class
        # Between deals a dealt seat says what the deal did to it, not "playing".
        "status_words": " · ".join(outcomes)
        if seat.status == "dealt"
        else status_words(seat.status),
        "outcomes": outcomes,
        "tricks": seat.tricks,
        "cards_left": seat.cards_left,
        "hand_logged": seat.hand_logged,
        "balance": seat.balance,
        # The count that picks "chip" or "chips" (Ukrainian: фішка, фішки, фішок).
        "balance_size": abs(seat.balance),
        "ante_next": seat.ante_next,
        "penalty_next": seat.penalty_next,
        "exempt_next": seat.exempt_next,
        "double_next": seat.double_next,
    }


def _said(board: Board, rulings: Any) -> list[str]:
    return [
        ruling_words(r, board.actions, variant=board.variant, closed=board.closed) for r in rulings
    ]


def board_words(board: Board) -> dict[str, Any]:
    """The template context every screen of the table shares."""
    closing: Mapping[str, Any] = board.closing or {}
    return {
        "board": board,
        "table": board.table,
        "version": board.version,
        "closed": board.closed,
        "phase_key": board.phase,
        "phase": phase_words(board.phase),
        "variant_name": variant_name(board.variant),
        "deal_number": None if board.deal_index is None else board.deal_index + 1,
        "deal_over": board.deal_over,
        "between_deals": board.phase == "between_deals",
        "pot": board.pot,
        "to_act": board.to_act,
        "dealer": board.dealer,
        "trump": _card(board.trump) if board.trump else None,
        "seats": [_seat(s, board.variant) for s in board.seats],
        "current_trick": _trick(board.current_trick) if board.current_trick else None,
        "tricks": [_trick(t) for t in board.tricks],
        "rulings": _said(board, board.rulings),  # every ruling of the deal
        "told": _said(board, board.told),  # those a room is told
        "result": _said(board, board.result),
        "closing": board.closing,
        "closing_shares": ", ".join(f"{p} {n}" for p, n in (closing.get("shares") or {}).items()),
        "transfers": board.transfers,
        "standing": board.standing,
    }
