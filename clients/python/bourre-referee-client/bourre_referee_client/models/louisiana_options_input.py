from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LouisianaOptionsInput")


@_attrs_define
class LouisianaOptionsInput:
    """Louisiana's house options (RULES.md); missing ones take defaults

    Attributes:
        ante (int | Unset): the ordinary ante
        max_exchange (int | Unset):
        pot_limit (int | None | Unset): the most a penalty or a pot pays; null: none
        cinch (bool | Unset):
    """

    ante: int | Unset = UNSET
    max_exchange: int | Unset = UNSET
    pot_limit: int | None | Unset = UNSET
    cinch: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        max_exchange = self.max_exchange

        pot_limit: int | None | Unset
        if isinstance(self.pot_limit, Unset):
            pot_limit = UNSET
        else:
            pot_limit = self.pot_limit

        cinch = self.cinch

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ante is not UNSET:
            field_dict["ante"] = ante
        if max_exchange is not UNSET:
            field_dict["max_exchange"] = max_exchange
        if pot_limit is not UNSET:
            field_dict["pot_limit"] = pot_limit
        if cinch is not UNSET:
            field_dict["cinch"] = cinch

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante", UNSET)

        max_exchange = d.pop("max_exchange", UNSET)

        def _parse_pot_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pot_limit = _parse_pot_limit(d.pop("pot_limit", UNSET))

        cinch = d.pop("cinch", UNSET)

        louisiana_options_input = cls(
            ante=ante,
            max_exchange=max_exchange,
            pot_limit=pot_limit,
            cinch=cinch,
        )

        return louisiana_options_input
