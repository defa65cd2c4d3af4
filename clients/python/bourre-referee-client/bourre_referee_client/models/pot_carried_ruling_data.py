from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PotCarriedRulingData")


@_attrs_define
class PotCarriedRulingData:
    """The pot stays for the next deal

    Attributes:
        amount (int):
        tied (list[str]): empty: no trick taken
    """

    amount: int
    tied: list[str]

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        tied = self.tied

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "tied": tied,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        tied = cast(list[str], d.pop("tied"))

        pot_carried_ruling_data = cls(
            amount=amount,
            tied=tied,
        )

        return pot_carried_ruling_data
