from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerPostingOutput")


@_attrs_define
class LedgerPostingOutput:
    """
    Attributes:
        position (int): position of the RulingMade event
        version (int): its version in the table's stream
        cause_position (int | None): position of the game event that caused the ruling
        cause_version (int | None):
        deal (int | None): deal index, 0-based
        ruling (str): the ruling's kind (deal_started, pot_won, ...)
        transaction (int): index of the posting in the ruling
        leg (int): index of the leg in the posting
        kind (str): posting kind: ante, exchange_fee, pot_won, split, share, penalty, carry, closing_share
        account (str): `pot` or `player:<name>`
        amount (int): chips, signed: the legs of a posting sum to 0
        pot_after (int): the running pot after this posting
        recorded_at (datetime.datetime):
        voided_by (int | None): position of the undo that voided it (as of `at`)
    """

    position: int
    version: int
    cause_position: int | None
    cause_version: int | None
    deal: int | None
    ruling: str
    transaction: int
    leg: int
    kind: str
    account: str
    amount: int
    pot_after: int
    recorded_at: datetime.datetime
    voided_by: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        version = self.version

        cause_position: int | None
        cause_position = self.cause_position

        cause_version: int | None
        cause_version = self.cause_version

        deal: int | None
        deal = self.deal

        ruling = self.ruling

        transaction = self.transaction

        leg = self.leg

        kind = self.kind

        account = self.account

        amount = self.amount

        pot_after = self.pot_after

        recorded_at = self.recorded_at.isoformat()

        voided_by: int | None
        voided_by = self.voided_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "version": version,
                "cause_position": cause_position,
                "cause_version": cause_version,
                "deal": deal,
                "ruling": ruling,
                "transaction": transaction,
                "leg": leg,
                "kind": kind,
                "account": account,
                "amount": amount,
                "pot_after": pot_after,
                "recorded_at": recorded_at,
                "voided_by": voided_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        version = d.pop("version")

        def _parse_cause_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cause_position = _parse_cause_position(d.pop("cause_position"))

        def _parse_cause_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cause_version = _parse_cause_version(d.pop("cause_version"))

        def _parse_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deal = _parse_deal(d.pop("deal"))

        ruling = d.pop("ruling")

        transaction = d.pop("transaction")

        leg = d.pop("leg")

        kind = d.pop("kind")

        account = d.pop("account")

        amount = d.pop("amount")

        pot_after = d.pop("pot_after")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        def _parse_voided_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        voided_by = _parse_voided_by(d.pop("voided_by"))

        ledger_posting_output = cls(
            position=position,
            version=version,
            cause_position=cause_position,
            cause_version=cause_version,
            deal=deal,
            ruling=ruling,
            transaction=transaction,
            leg=leg,
            kind=kind,
            account=account,
            amount=amount,
            pot_after=pot_after,
            recorded_at=recorded_at,
            voided_by=voided_by,
        )

        ledger_posting_output.additional_properties = d
        return ledger_posting_output

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
