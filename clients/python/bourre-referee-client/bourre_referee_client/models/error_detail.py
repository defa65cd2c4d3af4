from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.code_enum import CodeEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ErrorDetail")


@_attrs_define
class ErrorDetail:
    """
    Attributes:
        code (CodeEnum): * `invalid_request` - 400: a field is missing, unknown, of the wrong type or out of range
            (`field` names it, `fields` lists every one); also a bad `cursor` or `limit`
            * `parse_error` - 400: the body is not valid JSON, or names a field twice in one object
            * `json_too_deep` - 400: the JSON body nests deeper than the parser allows
            * `bad_request` - 400: a request the server cannot read otherwise
            * `not_authenticated` - 401: no `Authorization: Bearer` key
            * `authentication_failed` - 401: an unknown, malformed or revoked key
            * `permission_denied` - 403: the key's role may not do this (the message names it)
            * `not_found` - 404: no such URL, or no such table, deal, key, job ... in this club
            * `method_not_allowed` - 405: the URL exists but not with this method
            * `not_acceptable` - 406: the `Accept` header asks for something other than JSON (or CSV where offered)
            * `request_too_large` - 413: the body is over the upload limit
            * `uri_too_long` - 414: the path and query are over 8 kB (answered by the front)
            * `rate_limited` - 429: the key sent more requests than its rate limit allows (`RateLimit-Policy`); retry after
            `Retry-After`
            * `unsupported_media_type` - 415: the body is not `application/json`
            * `too_many_streams` - 429: too many live streams open from this address, on this viewer link or in all
            (answered by the front); retry after `Retry-After`
            * `header_too_large` - 431: a header is over 8 kB, or all of them over 32 kB (answered by the front)
            * `internal_error` - 500: a bug: nothing was carried out
            * `error` - 500: an error no other code describes (should not happen)
            * `service_unavailable` - 503: the database is unreachable; retry after `Retry-After`
            * `database_timeout` - 503: the database stopped a query past the web's time bound (`statement_timeout`,
            `lock_timeout`); retry after `Retry-After`, or ask for less
            * `invalid_text` - 422: a name (table, key) is blank, longer than its limit, or holds a character that cannot be
            stored (`field` names it; limits in "Limits on text")
            * `last_admin_key` - 409: the club's last active admin key cannot be revoked
            * `version_conflict` - 409: `expected_version` is not the table's version (`current_version` says what it is):
            reload and retry
            * `idempotency_conflict` - 422: an `Idempotency-Key` reused with a different request body
            * `nothing_to_undo` - 422: no event of the current deal is left to undo (a settled deal is final once the next
            one starts)
            * `unknown_variant` - 422: `variant` is not louisiana, ukrainian, occitan, comtadine
            * `unknown_option` - 422: the variant has no such house option
            * `invalid_option` - 422: a house option's value is out of its range or type
            * `invalid_players` - 422: `players` are not distinct, non-empty names
            * `player_count` - 422: too few or too many players (seated) for the variant
            * `invalid_transcript` - 422: a `bourre-transcript/1` document is malformed (`deal`, `action` locate it)
            * `invalid_event` - 422: the event is malformed (`field` names the part)
            * `invalid_card` - 422: a card is not written as a card (`TS`, `10h`, `Q♥`)
            * `card_not_in_deck` - 422: not a card of this variant's deck
            * `unknown_player` - 422: the player (or dealer) is not at this table
            * `not_seated` - 422: the player is at the table but not seated for this deal, or has left the table
            * `already_seated` - 422: a join of a player who is seated at the table now
            * `not_own_seat` - 422: a player who left comes back to their own seat: `seat_after` names another place
            * `not_in_variant` - 422: the variant has no such action (declare, exchange, pass)
            * `no_deal_in_progress` - 422: no deal is under way: log the next deal first
            * `deal_in_progress` - 422: a new deal, a join, a leave or a close while a deal is under way (`deal` is its
            index)
            * `nothing_to_close` - 422: a close before any deal was played
            * `sitting_over` - 422: the sitting was agreed at a number of deals, all played
            * `table_closed` - 409: the table is closed: nothing but reads is accepted (an `undo` takes back the close)
            * `missing_trump` - 422: `trump` (the turned-up card) is required in a louisiana deal
            * `out_of_turn` - 422: not this player's turn (`expected_player` is whose it is)
            * `already_declared` - 422: the player has already declared this deal
            * `dealer_must_play` - 422: the upcard is the ace of trumps: the dealer must play
            * `player_passed` - 422: the player passed and is out of this deal
            * `already_exchanged` - 422: the player has already exchanged this deal
            * `exchange_limit` - 422: more cards exchanged than the house allows
            * `stock_exhausted` - 422: not that many cards are left to draw
            * `card_already_played` - 422: the card was already played this deal
            * `card_seen_elsewhere` - 422: the card is known to be elsewhere (the upcard, discarded, another hand)
            * `contradicts_logged_hand` - 422: the card is not in the player's logged hand
            * `sixth_card` - 422: the player has no cards left to play this deal
            * `chips_out_of_range` - 422: a chip amount (an ante, a limit, the pot, a balance) would pass 2^53 - 1
            * `must_climb` - 422: comtadine: the card does not beat the trick; climb or pass
            * `must_lead` - 422: comtadine: the player on lead must lead, not pass
            * `cannot_retract` - 422: only the last card played, before anyone plays after it
            * `import_failed` - 503: an import job failed for want of the database or its worker, not for the transcript:
            post it again
            * `heavy_read_busy` - 503: a table audit of the club is under way (one at a time); retry after `Retry-After`
            * `export_not_ready` - 409: the export has not succeeded (yet): poll its `url`
            * `date_out_of_range` - 422: an export's `from` or `to` is not a day of 2000 to 2999
            * `rebuild_in_progress` - 409: a rebuild of this projection is queued or running
            * `log_range` - 400: a size or position beyond the club's log, or from after to
            * `receipt_not_ready` - 409: the event is not in a signed checkpoint yet: ask again after `retry_after` seconds
        message (str):
        field (None | str | Unset):
        fields (Any | Unset): 400: every invalid field
        index (int | Unset): 422: 0-based event position
        expected_player (None | str | Unset):
        current_version (int | Unset): 409: the version now
        expected_version (int | Unset): 409 `version_conflict`: the version the request expected
        limit (int | Unset): 413 `request_too_large`: the bytes a body may hold; 400 `json_too_deep`: the levels it may
            nest; 429 `rate_limited`: the requests a key may send per `window`
        deal (int | None | Unset):
        action (int | None | Unset):
        window (int | Unset): 429 `rate_limited`: the seconds the `limit` is counted over
        request_id (str | Unset): the answer's `X-Request-ID`: quote it when reporting
    """

    code: CodeEnum
    message: str
    field: None | str | Unset = UNSET
    fields: Any | Unset = UNSET
    index: int | Unset = UNSET
    expected_player: None | str | Unset = UNSET
    current_version: int | Unset = UNSET
    expected_version: int | Unset = UNSET
    limit: int | Unset = UNSET
    deal: int | None | Unset = UNSET
    action: int | None | Unset = UNSET
    window: int | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        field: None | str | Unset
        if isinstance(self.field, Unset):
            field = UNSET
        else:
            field = self.field

        fields = self.fields

        index = self.index

        expected_player: None | str | Unset
        if isinstance(self.expected_player, Unset):
            expected_player = UNSET
        else:
            expected_player = self.expected_player

        current_version = self.current_version

        expected_version = self.expected_version

        limit = self.limit

        deal: int | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        else:
            deal = self.deal

        action: int | None | Unset
        if isinstance(self.action, Unset):
            action = UNSET
        else:
            action = self.action

        window = self.window

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if field is not UNSET:
            field_dict["field"] = field
        if fields is not UNSET:
            field_dict["fields"] = fields
        if index is not UNSET:
            field_dict["index"] = index
        if expected_player is not UNSET:
            field_dict["expected_player"] = expected_player
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version
        if limit is not UNSET:
            field_dict["limit"] = limit
        if deal is not UNSET:
            field_dict["deal"] = deal
        if action is not UNSET:
            field_dict["action"] = action
        if window is not UNSET:
            field_dict["window"] = window
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = CodeEnum(d.pop("code"))

        message = d.pop("message")

        def _parse_field(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        field = _parse_field(d.pop("field", UNSET))

        fields = d.pop("fields", UNSET)

        index = d.pop("index", UNSET)

        def _parse_expected_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expected_player = _parse_expected_player(d.pop("expected_player", UNSET))

        current_version = d.pop("current_version", UNSET)

        expected_version = d.pop("expected_version", UNSET)

        limit = d.pop("limit", UNSET)

        def _parse_deal(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))

        def _parse_action(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        action = _parse_action(d.pop("action", UNSET))

        window = d.pop("window", UNSET)

        request_id = d.pop("request_id", UNSET)

        error_detail = cls(
            code=code,
            message=message,
            field=field,
            fields=fields,
            index=index,
            expected_player=expected_player,
            current_version=current_version,
            expected_version=expected_version,
            limit=limit,
            deal=deal,
            action=action,
            window=window,
            request_id=request_id,
        )

        error_detail.additional_properties = d
        return error_detail

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
