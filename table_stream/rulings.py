"""The kinds of ruling a `RulingMade` records (its `kind`) and of the postings it carries.

The engine writes these names (it imports them from here: the contract stands alone and
the engine may read it) and every reader of the log compares against them, so a ruling's
name is decided once. The ruling kinds also name the entries of a deal's `rulings` in a
transcript (TRANSCRIPT.md). A stored name never changes: events already in the log carry it.
Two namespaces, since a ruling kind shares its words with an event type (`table_closed`
is caused by `TableClosed`) and two posting kinds share a ruling kind's name.
"""

from __future__ import annotations

from typing import Final


class RulingKind:
    """`RulingMade.kind` (and a transcript deal's `rulings[].kind`)."""

    DEAL_STARTED: Final = "deal_started"
    DEALER_MUST_PLAY: Final = "dealer_must_play"
    EXCHANGE_FEE: Final = "exchange_fee"
    TRICK_WON: Final = "trick_won"
    TRICK_DEAD: Final = "trick_dead"
    TRICK_REOPENED: Final = "trick_reopened"
    CARD_RETRACTED: Final = "card_retracted"
    RENEGE: Final = "renege"
    LONE_PLAYER: Final = "lone_player"
    ALL_PASSED: Final = "all_passed"
    POT_WON: Final = "pot_won"
    POT_SPLIT: Final = "pot_split"
    POT_SHARED: Final = "pot_shared"
    POT_CARRIED: Final = "pot_carried"
    BOURRE: Final = "bourre"
    DEAL_SETTLED: Final = "deal_settled"
    TABLE_CLOSED: Final = "table_closed"


class PostingKind:
    """`RulingMade.postings[].kind`: what a movement of chips was for."""

    ANTE: Final = "ante"
    EXCHANGE_FEE: Final = RulingKind.EXCHANGE_FEE
    POT_WON: Final = RulingKind.POT_WON
    SPLIT: Final = "split"
    SHARE: Final = "share"
    PENALTY: Final = "penalty"
    CARRY: Final = "carry"
    CLOSING_SHARE: Final = "closing_share"


def _values(namespace: type) -> tuple[str, ...]:
    return tuple(v for k, v in vars(namespace).items() if k.isupper())


#: Every ruling kind.
RULING_KINDS: Final = frozenset(_values(RulingKind))
#: Every posting kind, in the order the ledger's API lists them.
POSTING_KINDS: Final = _values(PostingKind)
#: The rulings that pay the pot out to players (their postings are the deal's payouts).
PAYOUT_RULING_KINDS: Final = frozenset(
    {RulingKind.POT_WON, RulingKind.POT_SPLIT, RulingKind.POT_SHARED}
)
