from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ComtadineOptions")


@_attrs_define
class ComtadineOptions:
    """Comtadine's house options

    Attributes:
        ante (int): the ordinary ante
        eldest (None | str): who leads first; null: by the deal
        deals (int | None): the deals agreed; null: no bound
    """

    ante: int
    eldest: None | str
    deals: int | None

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        eldest: None | str
        eldest = self.eldest

        deals: int | None
        deals = self.deals

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ante": ante,
                "eldest": eldest,
                "deals": deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante")

        def _parse_eldest(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        eldest = _parse_eldest(d.pop("eldest"))

        def _parse_deals(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deals = _parse_deals(d.pop("deals"))

        comtadine_options = cls(
            ante=ante,
            eldest=eldest,
            deals=deals,
        )

        return comtadine_options
