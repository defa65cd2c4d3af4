from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulingPot")


@_attrs_define
class RulingPot:
    """A deal's pot: antes paid in, at the first lead, paid out, left

    Attributes:
        antes (int):
        start (int):
        paid_out (int):
        left (int):
    """

    antes: int
    start: int
    paid_out: int
    left: int

    def to_dict(self) -> dict[str, Any]:
        antes = self.antes

        start = self.start

        paid_out = self.paid_out

        left = self.left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "antes": antes,
                "start": start,
                "paid_out": paid_out,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        antes = d.pop("antes")

        start = d.pop("start")

        paid_out = d.pop("paid_out")

        left = d.pop("left")

        ruling_pot = cls(
            antes=antes,
            start=start,
            paid_out=paid_out,
            left=left,
        )

        return ruling_pot
