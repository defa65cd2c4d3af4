from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExchangeFeeRulingData")


@_attrs_define
class ExchangeFeeRulingData:
    """ukrainian: a fee for an exchange

    Attributes:
        player (str):
        amount (int):
    """

    player: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        amount = d.pop("amount")

        exchange_fee_ruling_data = cls(
            player=player,
            amount=amount,
        )

        return exchange_fee_ruling_data
