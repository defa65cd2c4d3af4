"""The referee: a pure rules engine for Bourré (no Django, no I/O).

    state = new_sitting(variant="louisiana", players=["ana", "ben", "cy"])
    state, rulings = apply(state, StartDeal(dealer="cy", trump="7S"))
    state, rulings = apply(state, parse_action({"player": "ana", "declare": "play"}))

`apply` raises `Rejection` (a stable `code`, a message, the expected player) for
anything the rules refuse; the state is unchanged then. `rule_transcript` folds a
whole `bourre-transcript/1` document into a `bourre-ruling/1` document.
"""

from .errors import Rejection
from .events import (
    Action,
    Declare,
    Event,
    Exchange,
    PassTurn,
    Play,
    Retract,
    StartDeal,
    action_to_json,
    deal_to_json,
    parse_action,
    parse_deal,
)
from .reducer import apply, new_sitting
from .state import RULES_VERSION, Posting, Ruling, Sitting
from .transcript import TranscriptRejected, rule_transcript, ruling_document
from .view import LegalPlays, glance, legal_plays, next_dealer, table_view

__all__ = [
    "RULES_VERSION",
    "Action",
    "Declare",
    "Event",
    "Exchange",
    "LegalPlays",
    "PassTurn",
    "Play",
    "Posting",
    "Rejection",
    "Retract",
    "Ruling",
    "Sitting",
    "StartDeal",
    "TranscriptRejected",
    "action_to_json",
    "apply",
    "deal_to_json",
    "glance",
    "legal_plays",
    "new_sitting",
    "next_dealer",
    "parse_action",
    "parse_deal",
    "rule_transcript",
    "ruling_document",
    "table_view",
]
