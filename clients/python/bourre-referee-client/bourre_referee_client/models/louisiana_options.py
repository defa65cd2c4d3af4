from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LouisianaOptions")


@_attrs_define
class LouisianaOptions:
    """Louisiana's house options

    Attributes:
        ante (int): the ordinary ante
        max_exchange (int):
        pot_limit (int | None): the most a penalty or a pot pays; null: none
        cinch (bool):
    """

    ante: int
    max_exchange: int
    pot_limit: int | None
    cinch: bool

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        max_exchange = self.max_exchange

        pot_limit: int | None
        pot_limit = self.pot_limit

        cinch = self.cinch

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ante": ante,
                "max_exchange": max_exchange,
                "pot_limit": pot_limit,
                "cinch": cinch,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante")

        max_exchange = d.pop("max_exchange")

        def _parse_pot_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pot_limit = _parse_pot_limit(d.pop("pot_limit"))

        cinch = d.pop("cinch")

        louisiana_options = cls(
            ante=ante,
            max_exchange=max_exchange,
            pot_limit=pot_limit,
            cinch=cinch,
        )

        return louisiana_options
