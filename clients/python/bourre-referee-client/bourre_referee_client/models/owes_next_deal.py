from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.owes_next_deal_antes import OwesNextDealAntes
    from ..models.owes_next_deal_penalties_paid_in import OwesNextDealPenaltiesPaidIn


T = TypeVar("T", bound="OwesNextDeal")


@_attrs_define
class OwesNextDeal:
    """
    Attributes:
        penalties_paid_in (OwesNextDealPenaltiesPaidIn):
        exempt (list[str]):
        double (list[str]):
        antes (OwesNextDealAntes):
    """

    penalties_paid_in: OwesNextDealPenaltiesPaidIn
    exempt: list[str]
    double: list[str]
    antes: OwesNextDealAntes

    def to_dict(self) -> dict[str, Any]:
        penalties_paid_in = self.penalties_paid_in.to_dict()

        exempt = self.exempt

        double = self.double

        antes = self.antes.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "penalties_paid_in": penalties_paid_in,
                "exempt": exempt,
                "double": double,
                "antes": antes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owes_next_deal_antes import OwesNextDealAntes  # noqa: PLC0415
        from ..models.owes_next_deal_penalties_paid_in import OwesNextDealPenaltiesPaidIn  # noqa: PLC0415

        d = dict(src_dict)
        penalties_paid_in = OwesNextDealPenaltiesPaidIn.from_dict(d.pop("penalties_paid_in"))

        exempt = cast(list[str], d.pop("exempt"))

        double = cast(list[str], d.pop("double"))

        antes = OwesNextDealAntes.from_dict(d.pop("antes"))

        owes_next_deal = cls(
            penalties_paid_in=penalties_paid_in,
            exempt=exempt,
            double=double,
            antes=antes,
        )

        return owes_next_deal
