from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UkrainianOptionsInput")


@_attrs_define
class UkrainianOptionsInput:
    """Ukrainian's house options (RULES.md); missing ones take defaults

    Attributes:
        ante (int | Unset): the ordinary ante
        max_exchange (int | None | Unset): null: 4, or 3 with 6 or 7 players in the deal
        exchange_fee (int | None | Unset): null: one ante of the deal
        pot_limit (int | None | Unset): the most a penalty or a pot pays; null: none
    """

    ante: int | Unset = UNSET
    max_exchange: int | None | Unset = UNSET
    exchange_fee: int | None | Unset = UNSET
    pot_limit: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        max_exchange: int | None | Unset
        if isinstance(self.max_exchange, Unset):
            max_exchange = UNSET
        else:
            max_exchange = self.max_exchange

        exchange_fee: int | None | Unset
        if isinstance(self.exchange_fee, Unset):
            exchange_fee = UNSET
        else:
            exchange_fee = self.exchange_fee

        pot_limit: int | None | Unset
        if isinstance(self.pot_limit, Unset):
            pot_limit = UNSET
        else:
            pot_limit = self.pot_limit

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ante is not UNSET:
            field_dict["ante"] = ante
        if max_exchange is not UNSET:
            field_dict["max_exchange"] = max_exchange
        if exchange_fee is not UNSET:
            field_dict["exchange_fee"] = exchange_fee
        if pot_limit is not UNSET:
            field_dict["pot_limit"] = pot_limit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante", UNSET)

        def _parse_max_exchange(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_exchange = _parse_max_exchange(d.pop("max_exchange", UNSET))

        def _parse_exchange_fee(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        exchange_fee = _parse_exchange_fee(d.pop("exchange_fee", UNSET))

        def _parse_pot_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pot_limit = _parse_pot_limit(d.pop("pot_limit", UNSET))

        ukrainian_options_input = cls(
            ante=ante,
            max_exchange=max_exchange,
            exchange_fee=exchange_fee,
            pot_limit=pot_limit,
        )

        return ukrainian_options_input
