from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="NextDeal")


@_attrs_define
class NextDeal:
    """Between deals: who deals next by custom, and who is exempt

    Attributes:
        dealer (None | str): left of the last dealer
        exempt (list[str]): who pays no ordinary ante next deal
    """

    dealer: None | str
    exempt: list[str]

    def to_dict(self) -> dict[str, Any]:
        dealer: None | str
        dealer = self.dealer

        exempt = self.exempt

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dealer": dealer,
                "exempt": exempt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_dealer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        dealer = _parse_dealer(d.pop("dealer"))

        exempt = cast(list[str], d.pop("exempt"))

        next_deal = cls(
            dealer=dealer,
            exempt=exempt,
        )

        return next_deal
