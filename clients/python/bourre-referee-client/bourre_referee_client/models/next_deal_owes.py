from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.next_deal_owes_penalties import NextDealOwesPenalties


T = TypeVar("T", bound="NextDealOwes")


@_attrs_define
class NextDealOwes:
    """What the next deal owes because of this one

    Attributes:
        penalties (NextDealOwesPenalties):
        exempt (list[str]):
        double (list[str]):
    """

    penalties: NextDealOwesPenalties
    exempt: list[str]
    double: list[str]

    def to_dict(self) -> dict[str, Any]:
        penalties = self.penalties.to_dict()

        exempt = self.exempt

        double = self.double

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "penalties": penalties,
                "exempt": exempt,
                "double": double,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.next_deal_owes_penalties import NextDealOwesPenalties  # noqa: PLC0415

        d = dict(src_dict)
        penalties = NextDealOwesPenalties.from_dict(d.pop("penalties"))

        exempt = cast(list[str], d.pop("exempt"))

        double = cast(list[str], d.pop("double"))

        next_deal_owes = cls(
            penalties=penalties,
            exempt=exempt,
            double=double,
        )

        return next_deal_owes
