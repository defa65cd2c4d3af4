from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.closing import Closing
    from ..models.deal_summary import DealSummary
    from ..models.ruling_document_balances import RulingDocumentBalances


T = TypeVar("T", bound="RulingDocument")


@_attrs_define
class RulingDocument:
    """`bourre-ruling/1`: the sitting's ruling (TRANSCRIPT.md)

    Attributes:
        format_ (Literal['bourre-ruling/1']):
        deals (list[DealSummary]):
        balances (RulingDocumentBalances):
        pot (int):
        closing (Closing | Unset): The pot shared out at closing and the settling-up transfers
    """

    format_: Literal["bourre-ruling/1"]
    deals: list[DealSummary]
    balances: RulingDocumentBalances
    pot: int
    closing: Closing | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)

        balances = self.balances.to_dict()

        pot = self.pot

        closing: dict[str, Any] | Unset = UNSET
        if not isinstance(self.closing, Unset):
            closing = self.closing.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "deals": deals,
                "balances": balances,
                "pot": pot,
            }
        )
        if closing is not UNSET:
            field_dict["closing"] = closing

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.closing import Closing  # noqa: PLC0415
        from ..models.deal_summary import DealSummary  # noqa: PLC0415
        from ..models.ruling_document_balances import RulingDocumentBalances  # noqa: PLC0415

        d = dict(src_dict)
        format_ = cast(Literal["bourre-ruling/1"], d.pop("format"))
        if format_ != "bourre-ruling/1":
            raise ValueError(f"format must match const 'bourre-ruling/1', got '{format_}'")

        deals = []
        _deals = d.pop("deals")
        for deals_item_data in _deals:
            deals_item = DealSummary.from_dict(deals_item_data)

            deals.append(deals_item)

        balances = RulingDocumentBalances.from_dict(d.pop("balances"))

        pot = d.pop("pot")

        _closing = d.pop("closing", UNSET)
        closing: Closing | Unset
        if isinstance(_closing, Unset):
            closing = UNSET
        else:
            closing = Closing.from_dict(_closing)

        ruling_document = cls(
            format_=format_,
            deals=deals,
            balances=balances,
            pot=pot,
            closing=closing,
        )

        return ruling_document
