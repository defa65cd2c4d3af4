from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealPot")


@_attrs_define
class DealPot:
    """The pot of a deal: carried in, antes, exchange fees, at the first lead

    Attributes:
        carried_in (int):
        antes (int):
        fees (int):
        start (int):
    """

    carried_in: int
    antes: int
    fees: int
    start: int

    def to_dict(self) -> dict[str, Any]:
        carried_in = self.carried_in

        antes = self.antes

        fees = self.fees

        start = self.start

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "carried_in": carried_in,
                "antes": antes,
                "fees": fees,
                "start": start,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        carried_in = d.pop("carried_in")

        antes = d.pop("antes")

        fees = d.pop("fees")

        start = d.pop("start")

        deal_pot = cls(
            carried_in=carried_in,
            antes=antes,
            fees=fees,
            start=start,
        )

        return deal_pot
