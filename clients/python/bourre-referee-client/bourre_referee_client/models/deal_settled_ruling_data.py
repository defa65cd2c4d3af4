from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_summary import DealSummary


T = TypeVar("T", bound="DealSettledRulingData")


@_attrs_define
class DealSettledRulingData:
    """The deal is over: its ruling

    Attributes:
        deal (int):
        summary (DealSummary): A deal's ruling (`bourre-ruling/1` `deals[]`)
    """

    deal: int
    summary: DealSummary

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        summary = self.summary.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_summary import DealSummary  # noqa: PLC0415

        d = dict(src_dict)
        deal = d.pop("deal")

        summary = DealSummary.from_dict(d.pop("summary"))

        deal_settled_ruling_data = cls(
            deal=deal,
            summary=summary,
        )

        return deal_settled_ruling_data
