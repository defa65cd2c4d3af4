"""Every error code the API can answer, in one place: code -> HTTP status -> meaning.

The error schema's `code` is an enum of these (`api_common.errors`), the table in
`docs/api.md` is `markdown_table()` (``python -m api_common.error_codes`` prints it), and
`tests/games/api/test_error_codes.py` scans the source so that a code raised anywhere (a
`Rejection`, an `ApiError`, a DRF exception) cannot be missing here.

The rules engine's refusals (`games.engine.Rejection`) are all 422: the event cannot have
happened under the rules, so nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ErrorCode:
    code: str
    status: int
    meaning: str


CATALOGUE: tuple[ErrorCode, ...] = (
    # ---- the request itself
    ErrorCode(
        "invalid_request",
        400,
        "a field is missing, of the wrong type or out of range (`field` names it, "
        "`fields` lists every one); also a bad `cursor` or `limit`",
    ),
    ErrorCode("parse_error", 400, "the body is not valid JSON"),
    ErrorCode("json_too_deep", 400, "the JSON body nests deeper than the parser allows"),
    ErrorCode("bad_request", 400, "a request the server cannot read otherwise"),
    ErrorCode("not_authenticated", 401, "no `Authorization: Bearer` key"),
    ErrorCode("authentication_failed", 401, "an unknown, malformed or revoked key"),
    ErrorCode("permission_denied", 403, "the key's role may not do this (the message names it)"),
    ErrorCode("not_found", 404, "no such URL, or no such table, deal, key, job ... in this club"),
    ErrorCode("method_not_allowed", 405, "the URL exists but not with this method"),
    ErrorCode(
        "not_acceptable",
        406,
        "the `Accept` header asks for something other than JSON (or CSV where offered)",
    ),
    ErrorCode("request_too_large", 413, "the body is over the upload limit"),
    ErrorCode("unsupported_media_type", 415, "the body is not `application/json`"),
    ErrorCode("internal_error", 500, "a bug: nothing was carried out"),
    ErrorCode("error", 500, "an error no other code describes (should not happen)"),
    ErrorCode("service_unavailable", 503, "the database is unreachable; retry after `Retry-After`"),
    ErrorCode(
        "database_timeout",
        503,
        "the database stopped a query past the web's time bound (`statement_timeout`, "
        "`lock_timeout`); retry after `Retry-After`, or ask for less",
    ),
    ErrorCode(
        "heavy_read_busy",
        503,
        "a table audit of the club is under way (one at a time); retry after `Retry-After`",
    ),
    # ---- conflicts with the state of things
    ErrorCode(
        "version_conflict",
        409,
        "`expected_version` is not the table's version (`current_version` says what it is): "
        "reload and retry",
    ),
    ErrorCode(
        "table_closed",
        409,
        "the table is closed: nothing but reads is accepted (an `undo` takes back the close)",
    ),
    ErrorCode("rebuild_in_progress", 409, "a rebuild of this projection is queued or running"),
    ErrorCode("last_admin_key", 409, "the club's last active admin key cannot be revoked"),
    ErrorCode("export_not_ready", 409, "the export has not succeeded (yet): poll its `url`"),
    ErrorCode(
        "idempotency_conflict", 422, "an `Idempotency-Key` reused with a different request body"
    ),
    ErrorCode("date_out_of_range", 422, "an export's `from` or `to` is not a day of 2000 to 2999"),
    ErrorCode(
        "invalid_text",
        422,
        "a name (table, key) is blank, longer than its limit, or holds a character that "
        'cannot be stored (`field` names it; limits in "Limits on text")',
    ),
    # ---- the table's set-up (engine, 422)
    ErrorCode("unknown_variant", 422, "`variant` is not louisiana, ukrainian, occitan, comtadine"),
    ErrorCode("unknown_option", 422, "the variant has no such house option"),
    ErrorCode("invalid_option", 422, "a house option's value is out of its range or type"),
    ErrorCode("invalid_players", 422, "`players` are not distinct, non-empty names"),
    ErrorCode("player_count", 422, "too few or too many players (seated) for the variant"),
    ErrorCode(
        "invalid_transcript",
        422,
        "a `bourre-transcript/1` document is malformed (`deal`, `action` locate it)",
    ),
    # ---- an event (engine, 422; `index` is the event's place in the batch)
    ErrorCode("invalid_event", 422, "the event is malformed (`field` names the part)"),
    ErrorCode("invalid_card", 422, "a card is not written as a card (`TS`, `10h`, `Q♥`)"),
    ErrorCode("card_not_in_deck", 422, "not a card of this variant's deck"),
    ErrorCode("unknown_player", 422, "the player (or dealer) is not at this table"),
    ErrorCode(
        "not_seated",
        422,
        "the player is at the table but not seated for this deal, or has left the table",
    ),
    ErrorCode("already_seated", 422, "a join of a player who is seated at the table now"),
    ErrorCode(
        "not_own_seat",
        422,
        "a player who left comes back to their own seat: `seat_after` names another place",
    ),
    ErrorCode("not_in_variant", 422, "the variant has no such action (declare, exchange, pass)"),
    ErrorCode("no_deal_in_progress", 422, "no deal is under way: log the next deal first"),
    ErrorCode(
        "deal_in_progress",
        422,
        "a new deal, a join, a leave or a close while a deal is under way (`deal` is its index)",
    ),
    ErrorCode("nothing_to_close", 422, "a close before any deal was played"),
    ErrorCode("sitting_over", 422, "the sitting was agreed at a number of deals, all played"),
    ErrorCode("missing_trump", 422, "`trump` (the turned-up card) is required in a louisiana deal"),
    ErrorCode("out_of_turn", 422, "not this player's turn (`expected_player` is whose it is)"),
    ErrorCode("already_declared", 422, "the player has already declared this deal"),
    ErrorCode("dealer_must_play", 422, "the upcard is the ace of trumps: the dealer must play"),
    ErrorCode("player_passed", 422, "the player passed and is out of this deal"),
    ErrorCode("already_exchanged", 422, "the player has already exchanged this deal"),
    ErrorCode("exchange_limit", 422, "more cards exchanged than the house allows"),
    ErrorCode("stock_exhausted", 422, "not that many cards are left to draw"),
    ErrorCode("card_already_played", 422, "the card was already played this deal"),
    ErrorCode(
        "card_seen_elsewhere",
        422,
        "the card is known to be elsewhere (the upcard, discarded, another hand)",
    ),
    ErrorCode("contradicts_logged_hand", 422, "the card is not in the player's logged hand"),
    ErrorCode("sixth_card", 422, "the player has no cards left to play this deal"),
    ErrorCode(
        "chips_out_of_range",
        422,
        "a chip amount (an ante, a limit, the pot, a balance) would pass 2^53 - 1",
    ),
    ErrorCode("must_climb", 422, "comtadine: the card does not beat the trick; climb or pass"),
    ErrorCode("must_lead", 422, "comtadine: the player on lead must lead, not pass"),
    ErrorCode("cannot_retract", 422, "only the last card played, before anyone plays after it"),
    ErrorCode(
        "nothing_to_undo",
        422,
        "no event of the current deal is left to undo (a settled deal is final once the "
        "next one starts)",
    ),
)

BY_CODE: dict[str, ErrorCode] = {entry.code: entry for entry in CATALOGUE}
ERROR_CODES: tuple[str, ...] = tuple(BY_CODE)
# (code, label) pairs for a ChoiceField: the schema's enum describes each code.
ERROR_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (e.code, f"{e.status}: {e.meaning}") for e in CATALOGUE
)


def markdown_table() -> str:
    """The table of `docs/api.md` (kept equal to it by a test)."""
    rows = ["| status | `code` | meaning |", "|---|---|---|"]
    rows += [f"| {e.status} | `{e.code}` | {e.meaning} |" for e in CATALOGUE]
    return "\n".join(rows)


if __name__ == "__main__":  # pragma: no cover - a docs helper
    print(markdown_table())
