from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ComtadineOptionsInput")


@_attrs_define
class ComtadineOptionsInput:
    """Comtadine's house options (RULES.md); missing ones take defaults

    Attributes:
        ante (int | Unset): the ordinary ante
        eldest (None | str | Unset): who leads first; null: by the deal
        deals (int | None | Unset): the deals agreed; null: no bound
    """

    ante: int | Unset = UNSET
    eldest: None | str | Unset = UNSET
    deals: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        eldest: None | str | Unset
        if isinstance(self.eldest, Unset):
            eldest = UNSET
        else:
            eldest = self.eldest

        deals: int | None | Unset
        if isinstance(self.deals, Unset):
            deals = UNSET
        else:
            deals = self.deals

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ante is not UNSET:
            field_dict["ante"] = ante
        if eldest is not UNSET:
            field_dict["eldest"] = eldest
        if deals is not UNSET:
            field_dict["deals"] = deals

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante", UNSET)

        def _parse_eldest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        eldest = _parse_eldest(d.pop("eldest", UNSET))

        def _parse_deals(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        deals = _parse_deals(d.pop("deals", UNSET))

        comtadine_options_input = cls(
            ante=ante,
            eldest=eldest,
            deals=deals,
        )

        return comtadine_options_input
