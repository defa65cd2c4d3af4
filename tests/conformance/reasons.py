"""Whether the engine's Rejection `code` answers the reason a conformance case gives in its
`rejected` section (the cases say why in words; the referee answers with a stable code).

The reasons of the cases we were shown map to their one code exactly. A held-out case may
word its reason otherwise ("card already seen elsewhere", "a passer playing", "sixth card"):
its words are matched against the rules' "Rejected" list (RULES.md §1 and §5), each naming
the codes that can answer it. A reason in words we cannot place is checked only by where
the refusal is (deal and action), as the cases' format defines a rejection; the tests still
require a refusal there, never an acceptance."""

from __future__ import annotations

import re
from typing import Any

REASON_CODES = {
    "out of turn: expected b": "out_of_turn",
    "card already played": "card_already_played",
    "dealer must play on trump ace": "dealer_must_play",
    "exchange above the limit": "exchange_limit",
    "card contradicts the logged hand": "contradicts_logged_hand",
    "a sitting cannot be closed during a deal": "deal_in_progress",
}

# Words of a reason (regular expressions) and the codes answering them. A reason may say
# several things ("the dealer cannot pass on the trump ace" speaks of passing too): every
# group its words match adds its codes.
REASON_WORDS: tuple[tuple[str, frozenset[str]], ...] = tuple(
    (words, frozenset(codes.split()))
    for words, codes in (
        (r"out of turn|not (?:\w+'s |their |his |her |your )?turn|\bturn\b", "out_of_turn"),
        (
            r"dealer (?:must|has to) play|must play on|dealer (?:cannot|can't|may not) pass"
            r"|trump ace|ace of trumps",
            "dealer_must_play",
        ),
        (
            r"exchang\w*.*(?:above|over|beyond|more than|limit|too many)"
            r"|(?:too many|more than).*exchang|max_exchange",
            "exchange_limit",
        ),
        (r"already exchanged|exchang\w* twice|second exchange", "already_exchanged"),
        (r"already declared|declar\w* twice", "already_declared"),
        (r"stock", "stock_exhausted"),
        (r"retract|take back|taken back", "cannot_retract"),
        (r"climb|(?:not|n't) beat", "must_climb"),
        (r"must lead", "must_lead"),
        (
            r"contradict|logged hand|not in (?:the |their |his |her )?hand",
            "contradicts_logged_hand",
        ),
        (
            r"not in the deck|not a card|unknown card|invalid card|no such card",
            "card_not_in_deck invalid_card",
        ),
        (
            r"already played|twice|seen|elsewhere|duplicate",
            "card_already_played card_seen_elsewhere",
        ),
        (r"sixth|no cards? left|too many cards", "sixth_card"),
        (r"pass", "player_passed"),
        (r"missing trump|no trump", "missing_trump"),
        (r"not seated|not dealt in|has left|who left", "not_seated"),
        (r"already seated", "already_seated"),
        (r"own seat", "not_own_seat"),
        (r"during (?:a|the) deal|in progress|mid-deal|under way", "deal_in_progress"),
        (r"table is closed|after (?:the )?clos|closed table", "table_closed"),
        (r"nothing to close|before any deal", "nothing_to_close"),
        (r"not at (?:this|the) table|unknown player", "unknown_player"),
        (r"too (?:few|many) players|player count", "player_count"),
    )
)


def reason_codes(case: dict[str, Any]) -> frozenset[str] | None:
    """The codes that answer the case's reason, or None when its words name none we know."""
    reason = case["rejected"]["reason"]
    if reason in REASON_CODES:
        return frozenset({REASON_CODES[reason]})
    matched = [codes for words, codes in REASON_WORDS if re.search(words, reason, re.IGNORECASE)]
    return frozenset().union(*matched) if matched else None


def answers(case: dict[str, Any], code: str) -> bool:
    codes = reason_codes(case)
    return codes is None or code in codes


def expected_player(case: dict[str, Any]) -> str | None:
    """Whose turn it was, when an out-of-turn reason says so ("out of turn: expected b")."""
    found = re.search(r"\bexpected:?\s+(\S+)", case["rejected"]["reason"])
    return found.group(1).strip(".,;)'\"") if found else None
