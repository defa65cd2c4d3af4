"""The referee: a pure rules engine for Bourré (no Django, no I/O).

    state = new_sitting(variant="louisiana", players=["ana", "ben", "cy"])
    state, rulings = apply(state, StartDeal(dealer="cy", trump="7S"))
    state, rulings = apply(state, parse_action({"player": "ana", "declare": "play"}))

`apply` raises `Rejection` (a stable `code`, a message, the expected player) for
anything the rules refuse; the state is unchanged then. Between deals `Join`, `Leave`
and `Close` change the sitting (RULES.md §5). `rule_transcript` folds a
whole `bourre-transcript/1` document into a `bourre-ruling/1` document.
"""

from .closing import settle_up
from .errors import Rejection
from .events import (
    Action,
    Close,
    Declare,
    Event,
    Exchange,
    Join,
    Leave,
    PassTurn,
    Play,
    Retract,
    SittingChange,
    StartDeal,
    action_to_json,
    change_to_json,
    deal_to_json,
    parse_action,
    parse_close,
    parse_deal,
    parse_join,
    parse_leave,
)
from .reducer import apply, apply_recorded, new_sitting
from .state import RULES_VERSION, Posting, Ruling, Sitting
from .transcript import TranscriptRejected, rule_transcript, ruling_document
from .view import LegalPlays, glance, legal_plays, next_dealer, table_view

__all__ = [
    "RULES_VERSION",
    "Action",
    "Close",
    "Declare",
    "Event",
    "Exchange",
    "Join",
    "Leave",
    "LegalPlays",
    "PassTurn",
    "Play",
    "Posting",
    "Rejection",
    "Retract",
    "Ruling",
    "Sitting",
    "SittingChange",
    "StartDeal",
    "TranscriptRejected",
    "action_to_json",
    "apply",
    "apply_recorded",
    "change_to_json",
    "deal_to_json",
    "glance",
    "legal_plays",
    "new_sitting",
    "next_dealer",
    "parse_action",
    "parse_close",
    "parse_deal",
    "parse_join",
    "parse_leave",
    "rule_transcript",
    "ruling_document",
    "settle_up",
    "table_view",
]
