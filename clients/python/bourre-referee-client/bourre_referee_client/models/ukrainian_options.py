from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UkrainianOptions")


@_attrs_define
class UkrainianOptions:
    """Ukrainian's house options

    Attributes:
        ante (int): the ordinary ante
        max_exchange (int | None): null: 4, or 3 with 6 or 7 players in the deal
        exchange_fee (int | None): null: one ante of the deal
        pot_limit (int | None): the most a penalty or a pot pays; null: none
    """

    ante: int
    max_exchange: int | None
    exchange_fee: int | None
    pot_limit: int | None

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        max_exchange: int | None
        max_exchange = self.max_exchange

        exchange_fee: int | None
        exchange_fee = self.exchange_fee

        pot_limit: int | None
        pot_limit = self.pot_limit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ante": ante,
                "max_exchange": max_exchange,
                "exchange_fee": exchange_fee,
                "pot_limit": pot_limit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante")

        def _parse_max_exchange(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_exchange = _parse_max_exchange(d.pop("max_exchange"))

        def _parse_exchange_fee(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        exchange_fee = _parse_exchange_fee(d.pop("exchange_fee"))

        def _parse_pot_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pot_limit = _parse_pot_limit(d.pop("pot_limit"))

        ukrainian_options = cls(
            ante=ante,
            max_exchange=max_exchange,
            exchange_fee=exchange_fee,
            pot_limit=pot_limit,
        )

        return ukrainian_options
