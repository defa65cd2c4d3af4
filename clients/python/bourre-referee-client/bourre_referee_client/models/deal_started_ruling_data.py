from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_started_ruling_data_antes import DealStartedRulingDataAntes


T = TypeVar("T", bound="DealStartedRulingData")


@_attrs_define
class DealStartedRulingData:
    """A deal began: the antes paid

    Attributes:
        deal (int):
        dealer (str):
        antes (DealStartedRulingDataAntes):
    """

    deal: int
    dealer: str
    antes: DealStartedRulingDataAntes

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        dealer = self.dealer

        antes = self.antes.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "dealer": dealer,
                "antes": antes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_started_ruling_data_antes import DealStartedRulingDataAntes  # noqa: PLC0415

        d = dict(src_dict)
        deal = d.pop("deal")

        dealer = d.pop("dealer")

        antes = DealStartedRulingDataAntes.from_dict(d.pop("antes"))

        deal_started_ruling_data = cls(
            deal=deal,
            dealer=dealer,
            antes=antes,
        )

        return deal_started_ruling_data
