from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PotCarriedRuling")


@_attrs_define
class PotCarriedRuling:
    """The pot stays for the next deal

    Attributes:
        kind (Literal['pot_carried']):
        amount (int):
        tied (list[str]): empty: no trick taken
    """

    kind: Literal["pot_carried"]
    amount: int
    tied: list[str]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        amount = self.amount

        tied = self.tied

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "amount": amount,
                "tied": tied,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["pot_carried"], d.pop("kind"))
        if kind != "pot_carried":
            raise ValueError(f"kind must match const 'pot_carried', got '{kind}'")

        amount = d.pop("amount")

        tied = cast(list[str], d.pop("tied"))

        pot_carried_ruling = cls(
            kind=kind,
            amount=amount,
            tied=tied,
        )

        return pot_carried_ruling
