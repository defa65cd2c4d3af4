"""The engine's Rejection `code` for each reason the conformance cases give in their
`rejected` section (the cases say why in words; the referee answers with a stable code).

A rejected case whose reason is not listed here fails the conformance tests: add its code
when a new case is copied in."""

from __future__ import annotations

from typing import Any

REASON_CODES = {
    "out of turn: expected b": "out_of_turn",
    "card already played": "card_already_played",
    "dealer must play on trump ace": "dealer_must_play",
    "exchange above the limit": "exchange_limit",
    "card contradicts the logged hand": "contradicts_logged_hand",
    "a sitting cannot be closed during a deal": "deal_in_progress",
}

# Reasons that also name whose turn it really was (`expected_player`).
REASON_EXPECTED_PLAYER = {"out of turn: expected b": "b"}


def rejection_code(case: dict[str, Any]) -> str:
    reason = case["rejected"]["reason"]
    assert reason in REASON_CODES, f"{case['name']}: no code mapped for reason {reason!r}"
    return REASON_CODES[reason]
