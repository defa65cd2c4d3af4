"""Every refusal the referee makes: its stable `code` and what it means.

The engine owns these codes: a `Rejection` raised anywhere in `games.engine` carries one
of them (`tests/games/engine/test_refusals.py` scans the engine's source), and they never
change once published. The API only catalogues them: `games.api.error_codes` gives each
the HTTP status it is answered with (422: the event cannot have happened under the rules,
so nothing is stored; 409 for `table_closed`, which is about the table, not the event), and
docs/api.md's table is printed from that catalogue. The meanings document the codes for
the API's clients, in English like the rest of the OpenAPI schema; what a person reads is
the refusal's own message, in their language (`Rejection.message`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

REFUSAL_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {
        # ---- the table's set-up
        "unknown_variant": "`variant` is not louisiana, ukrainian, occitan, comtadine",
        "unknown_option": "the variant has no such house option",
        "invalid_option": "a house option's value is out of its range or type",
        "invalid_players": "`players` are not distinct, non-empty names",
        "player_count": "too few or too many players (seated) for the variant",
        "invalid_transcript": (
            "a `bourre-transcript/1` document is malformed (`deal`, `action` locate it)"
        ),
        # ---- an event (the API adds `index`, the event's place in the batch)
        "invalid_event": "the event is malformed (`field` names the part)",
        "invalid_card": "a card is not written as a card (`TS`, `10h`, `Q♥`)",
        "card_not_in_deck": "not a card of this variant's deck",
        "unknown_player": "the player (or dealer) is not at this table",
        "not_seated": (
            "the player is at the table but not seated for this deal, or has left the table"
        ),
        "already_seated": "a join of a player who is seated at the table now",
        "not_own_seat": (
            "a player who left comes back to their own seat: `seat_after` names another place"
        ),
        "not_in_variant": "the variant has no such action (declare, exchange, pass)",
        "no_deal_in_progress": "no deal is under way: log the next deal first",
        "deal_in_progress": (
            "a new deal, a join, a leave or a close while a deal is under way (`deal` is its index)"
        ),
        "nothing_to_close": "a close before any deal was played",
        "sitting_over": "the sitting was agreed at a number of deals, all played",
        "table_closed": (
            "the table is closed: nothing but reads is accepted (an `undo` takes back the close)"
        ),
        "missing_trump": "`trump` (the turned-up card) is required in a louisiana deal",
        "out_of_turn": "not this player's turn (`expected_player` is whose it is)",
        "already_declared": "the player has already declared this deal",
        "dealer_must_play": "the upcard is the ace of trumps: the dealer must play",
        "player_passed": "the player passed and is out of this deal",
        "already_exchanged": "the player has already exchanged this deal",
        "exchange_limit": "more cards exchanged than the house allows",
        "stock_exhausted": "not that many cards are left to draw",
        "card_already_played": "the card was already played this deal",
        "card_seen_elsewhere": (
            "the card is known to be elsewhere (the upcard, discarded, another hand)"
        ),
        "contradicts_logged_hand": "the card is not in the player's logged hand",
        "sixth_card": "the player has no cards left to play this deal",
        "chips_out_of_range": (
            "a chip amount (an ante, a limit, the pot, a balance) would pass 2^53 - 1"
        ),
        "must_climb": "comtadine: the card does not beat the trick; climb or pass",
        "must_lead": "comtadine: the player on lead must lead, not pass",
        "cannot_retract": "only the last card played, before anyone plays after it",
    }
)
